//! papan-cli: the command lines of the workspace's binaries (the engines
//! and tools of papan-tools, the room server and its load tools, the
//! app's own): `--help` or `-h` prints the binary's usage and exits before
//! any work; a flag the binary does not take is refused with a message,
//! the usage and exit status 2. [`read`] decides (pure); [`args_or_exit`]
//! is what a `main` calls. No dependencies: every binary links it.

/// What follows a flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Takes {
    /// A switch alone (`--http2`).
    Nothing,
    /// Any text (`--servers URL,URL`).
    Text,
    /// A whole number (`--rooms 100`).
    Number,
}

/// The flags a binary takes, or `None` when its own parser refuses what
/// it does not take (then only `--help` is answered here).
pub type Flags = Option<&'static [(&'static str, Takes)]>;

/// What a command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Print the usage and do nothing else.
    Help,
    /// Run with these arguments.
    Run(Vec<String>),
}

fn is_help(word: &str) -> bool {
    word == "--help" || word == "-h"
}

/// Reads `args` (without the program name) against `flags`.
pub fn read(args: impl IntoIterator<Item = String>, flags: Flags) -> Result<Asked, String> {
    let args: Vec<String> = args.into_iter().collect();
    let Some(flags) = flags else {
        return Ok(if args.iter().any(|a| is_help(a)) {
            Asked::Help
        } else {
            Asked::Run(args)
        });
    };
    let mut words = args.iter();
    let mut problem = None;
    while let Some(word) = words.next() {
        if is_help(word) {
            return Ok(Asked::Help);
        }
        if problem.is_some() {
            continue;
        }
        match flags.iter().find(|(name, _)| name == word) {
            None => problem = Some(format!("unknown argument {word:?}")),
            Some((_, Takes::Nothing)) => {}
            Some((name, takes)) => match words.next() {
                None => problem = Some(format!("{name} needs a value")),
                Some(value) if is_help(value) => return Ok(Asked::Help),
                Some(value) if *takes == Takes::Number && value.parse::<u64>().is_err() => {
                    problem = Some(format!("{name} needs a whole number, not {value:?}"))
                }
                Some(_) => {}
            },
        }
    }
    match problem {
        Some(problem) => Err(problem),
        None => Ok(Asked::Run(args)),
    }
}

/// For a binary's `main`: its arguments, once `--help` has been answered
/// (the usage on standard output, exit 0) and a bad command line refused
/// (`name: problem` and the usage on standard error, exit 2).
pub fn args_or_exit(name: &str, usage: &str, flags: Flags) -> Vec<String> {
    match read(std::env::args().skip(1), flags) {
        Ok(Asked::Run(args)) => args,
        Ok(Asked::Help) => {
            println!("{usage}");
            std::process::exit(0)
        }
        Err(problem) => {
            eprintln!("{name}: {problem}\n{usage}");
            std::process::exit(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAGS: Flags = Some(&[
        ("--rooms", Takes::Number),
        ("--servers", Takes::Text),
        ("--http2", Takes::Nothing),
    ]);

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn help_anywhere_is_answered_before_anything_else() {
        for line in ["--help", "-h", "--rooms 5 --help", "--bogus -h", "--rooms -h"] {
            assert_eq!(read(words(line), FLAGS), Ok(Asked::Help), "{line}");
        }
        assert_eq!(read(words("train x --help"), None), Ok(Asked::Help));
    }

    #[test]
    fn known_flags_run_and_others_are_refused() {
        let ok = words("--rooms 5 --servers a,b --http2");
        assert_eq!(read(ok.clone(), FLAGS), Ok(Asked::Run(ok)));
        assert!(read(words("--bogus"), FLAGS).unwrap_err().contains("--bogus"));
        assert!(read(words("--rooms"), FLAGS).unwrap_err().contains("needs a value"));
        assert!(read(words("--rooms many"), FLAGS).unwrap_err().contains("whole number"));
        assert!(read(words("stray"), Some(&[])).is_err());
        // A binary with its own parser gets everything but help.
        assert_eq!(read(words("--bogus"), None), Ok(Asked::Run(words("--bogus"))));
    }
}
