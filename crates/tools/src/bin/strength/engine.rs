//! A reference engine (or Papan's own) as a child process speaking a line
//! protocol: GTP for Hex, UCI-style for HADANG.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Engine {
    pub name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `command` (a program and its arguments, split on spaces) with
    /// its standard error thrown away (engines log there freely) and the
    /// system's temporary folder as its working directory (MoHex writes a
    /// log file into it).
    pub fn start(name: &str, command: &str) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = absolute(words.next().ok_or("an empty engine command")?);
        let mut child = Command::new(&program)
            .args(words)
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {name} ({program}): {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Engine {
            name: name.to_string(),
            child,
            input,
            output,
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("{} stopped taking input ({line}): {e}", self.name))
    }

    pub fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("{} closed its output", self.name)),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }

    /// One GTP command: the answer's text after `=`, or the engine's
    /// refusal as an error; with the time the answer took.
    pub fn gtp(&mut self, command: &str) -> Result<(String, Duration), String> {
        let start = Instant::now();
        self.send(command)?;
        let mut answer = String::new();
        // Skip anything before the answer (some engines echo or log).
        let first = loop {
            let line = self.read_line()?;
            if line.starts_with('=') || line.starts_with('?') {
                break line;
            }
        };
        answer.push_str(first[1..].trim());
        loop {
            let line = self.read_line()?;
            if line.is_empty() {
                break;
            }
            answer.push('\n');
            answer.push_str(&line);
        }
        let took = start.elapsed();
        if first.starts_with('?') {
            Err(format!("{} refused {command:?}: {answer}", self.name))
        } else {
            Ok((answer, took))
        }
    }
}

/// A file or folder named relative to where `strength` was started, made
/// absolute (engines run in another folder); anything else (a program to
/// look up on the `PATH`) is left as it is.
pub fn absolute(path: &str) -> String {
    std::fs::canonicalize(path).map_or_else(|_| path.to_string(), |p| p.display().to_string())
}

impl Engine {
    /// Starts a UCI-style engine: `uci` until `uciok`, `isready` until `readyok`.
    pub fn start_uci(name: &str, command: &str) -> Result<Engine, String> {
        let mut engine = Engine::start(name, command)?;
        engine.send("uci")?;
        engine.read_until("uciok")?;
        engine.send("isready")?;
        engine.read_until("readyok")?;
        Ok(engine)
    }

    fn read_until(&mut self, word: &str) -> Result<String, String> {
        loop {
            let line = self.read_line()?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// The engine's move after `moves` from the start, asked with `go`
    /// and its arguments, with the time the answer took.
    pub fn uci_move(&mut self, moves: &[String], go: &str) -> Result<(String, Duration), String> {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        self.send(&position)?;
        let start = Instant::now();
        self.send(&format!("go {go}"))?;
        let line = self.read_until("bestmove")?;
        let took = start.elapsed();
        let mv = line
            .split_whitespace()
            .nth(1)
            .ok_or_else(|| format!("{} answered {line:?}", self.name))?;
        Ok((mv.to_string(), took))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_become_absolute_and_program_names_stay() {
        let here = std::env::current_dir().unwrap();
        std::fs::create_dir_all(here.join("target")).unwrap();
        assert_eq!(
            absolute("target"),
            here.join("target").canonicalize().unwrap().display().to_string()
        );
        assert_eq!(absolute("no-such-program-here"), "no-such-program-here");
    }
}
