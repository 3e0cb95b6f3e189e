#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| papan_fuzzing::wire::device_requests(data));
