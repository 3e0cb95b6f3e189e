//! A small incremental Server-Sent Events parser (the WHATWG event-stream
//! format): feed it bytes as they arrive, take complete events out.
//! Only what the room API uses: `id`, `event`, `data` (multi-line), comments.

/// One dispatched event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SseEvent {
    pub id: Option<String>,
    pub event: Option<String>,
    pub data: String,
}

#[derive(Default)]
pub struct SseParser {
    buffer: Vec<u8>,
    current: SseEvent,
    has_data: bool,
}

impl SseParser {
    pub fn new() -> SseParser {
        SseParser::default()
    }

    /// Adds `bytes` and returns every event completed by them.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        self.buffer.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
            let mut line: Vec<u8> = self.buffer.drain(..=end).collect();
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            let line = String::from_utf8_lossy(&line).into_owned();
            if let Some(event) = self.line(&line) {
                out.push(event);
            }
        }
        out
    }

    fn line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            // A blank line dispatches the event, if it carried data.
            let event = std::mem::take(&mut self.current);
            let had = std::mem::take(&mut self.has_data);
            return had.then_some(event);
        }
        if line.starts_with(':') {
            return None; // comment / keep-alive
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "id" => self.current.id = Some(value.to_string()),
            "event" => self.current.event = Some(value.to_string()),
            "data" => {
                if self.has_data {
                    self.current.data.push('\n');
                }
                self.current.data.push_str(value);
                self.has_data = true;
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_split_across_chunks_and_crlf() {
        let mut p = SseParser::new();
        assert!(p.feed(b": keep-alive\n\nid: 3\r\nevent: room\r\nda").is_empty());
        let events = p.feed(b"ta: {\"a\":1}\r\ndata: x\r\n\r\nid: 4\ndata:y\n\n");
        assert_eq!(events.len(), 2);
        assert_eq!(events[0].id.as_deref(), Some("3"));
        assert_eq!(events[0].event.as_deref(), Some("room"));
        assert_eq!(events[0].data, "{\"a\":1}\nx");
        assert_eq!(events[1].data, "y");
    }
}
