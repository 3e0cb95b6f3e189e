//! A small reader for the SGF syntax itself (FF[4], red-bean.com/sgf):
//! game trees, nodes and properties, with escapes undone. It knows nothing
//! about Hex; [`super`] gives the properties their meaning.

use std::fmt;

/// Deeper nesting of variations than this is refused rather than risking
/// the stack on hostile input.
const MAX_DEPTH: usize = 200;

/// One node: its properties in file order, each with its values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    pub props: Vec<(String, Vec<String>)>,
}

impl Node {
    /// The values of property `id`, if present.
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(key, _)| key == id)
            .map(|(_, values)| values.as_slice())
    }
}

/// A game tree: a sequence of nodes, then its variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub variations: Vec<Tree>,
}

impl Tree {
    /// The main line: this tree's nodes, then always the first variation.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut line: Vec<&Node> = Vec::new();
        let mut tree = self;
        loop {
            line.extend(tree.nodes.iter());
            match tree.variations.first() {
                Some(next) => tree = next,
                None => return line,
            }
        }
    }
}

/// Malformed SGF text, with the byte offset where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub at: usize,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.at, self.message)
    }
}

/// Reads the first game tree of a collection. Text after it (further games)
/// is ignored, as HexGui does.
pub(crate) fn parse_first_tree(text: &str) -> Result<Tree, SyntaxError> {
    let mut reader = Reader {
        text: text.as_bytes(),
        pos: 0,
    };
    // A byte-order mark is whitespace for our purpose.
    if text.starts_with('\u{feff}') {
        reader.pos = '\u{feff}'.len_utf8();
    }
    reader.skip_space();
    if reader.peek().is_none() {
        return Err(reader.error("empty input: no game tree"));
    }
    reader.tree(0)
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            at: self.pos,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), SyntaxError> {
        self.skip_space();
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }

    fn tree(&mut self, depth: usize) -> Result<Tree, SyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.error("variations nested too deeply"));
        }
        self.expect(b'(', "'(' opening a game tree")?;
        let mut tree = Tree::default();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b';') if tree.variations.is_empty() => {
                    self.pos += 1;
                    tree.nodes.push(self.node()?);
                }
                Some(b'(') if !tree.nodes.is_empty() => tree.variations.push(self.tree(depth + 1)?),
                Some(b')') if !tree.nodes.is_empty() => {
                    self.pos += 1;
                    return Ok(tree);
                }
                None => return Err(self.error("the game tree is not closed with ')'")),
                Some(_) if tree.nodes.is_empty() => return Err(self.error("expected ';' starting a node")),
                Some(_) => return Err(self.error("expected a node, a variation or ')'")),
            }
        }
    }

    fn node(&mut self) -> Result<Node, SyntaxError> {
        let mut node = Node::default();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => {
                    let start = self.pos;
                    while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                        self.pos += 1;
                    }
                    // FF[3] allowed lowercase letters inside identifiers
                    // ("GaMe"); only the capitals carry the name.
                    let id: String = self.text[start..self.pos]
                        .iter()
                        .filter(|b| b.is_ascii_uppercase())
                        .map(|&b| b as char)
                        .collect();
                    if id.is_empty() {
                        return Err(self.error("a property name needs a capital letter"));
                    }
                    let mut values = Vec::new();
                    self.skip_space();
                    while self.peek() == Some(b'[') {
                        values.push(self.value()?);
                        self.skip_space();
                    }
                    if values.is_empty() {
                        return Err(self.error(format!("property {id} has no [value]")));
                    }
                    if node.get(&id).is_some() {
                        return Err(self.error(format!("property {id} appears twice in one node")));
                    }
                    node.props.push((id, values));
                }
                Some(b';' | b'(' | b')') | None => return Ok(node),
                Some(_) => return Err(self.error("expected a property name")),
            }
        }
    }

    /// One `[value]`, escapes undone: `\]` and `\\` stand for themselves, a
    /// backslash before a line break removes it (soft line break).
    fn value(&mut self) -> Result<String, SyntaxError> {
        let open = self.pos;
        self.pos += 1; // '['
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None => {
                    self.pos = open;
                    return Err(self.error("a [value] is not closed with ']'"));
                }
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.peek() {
                        None => continue,
                        Some(b'\n') | Some(b'\r') => {
                            let first = self.peek();
                            self.pos += 1;
                            // "\r\n" and "\n\r" are one line break.
                            let second = self.peek();
                            if matches!((first, second), (Some(b'\r'), Some(b'\n')) | (Some(b'\n'), Some(b'\r'))) {
                                self.pos += 1;
                            }
                        }
                        Some(b) => {
                            bytes.push(b);
                            self.pos += 1;
                        }
                    }
                }
                Some(b) => {
                    bytes.push(b);
                    self.pos += 1;
                }
            }
        }
        // Splitting happened only at ASCII bytes, so valid UTF-8 stays valid.
        String::from_utf8(bytes).map_err(|_| self.error("a [value] is not valid UTF-8"))
    }
}

/// A SimpleText value as read (FF[4]: a line break, `\r\n` and `\n\r`
/// included, and any other white space become one space each), so a name
/// reads the same as [`escape`] writes it.
pub(crate) fn simple_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\r' | '\n' => {
                let pair = if ch == '\r' { '\n' } else { '\r' };
                chars.next_if_eq(&pair);
                out.push(' ');
            }
            '\t' => out.push(' '),
            _ => out.push(ch),
        }
    }
    out
}

/// Escapes a SimpleText value for writing: `\` and `]` get a backslash and
/// line breaks become spaces.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' | ']' => {
                out.push('\\');
                out.push(ch);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nodes_variations_and_escapes() {
        let tree = parse_first_tree("(;GM[11]C[a \\] b\\\\]\n;B[a1](;W[b2])(;W[c3]))").unwrap();
        let line = tree.main_line();
        assert_eq!(line.len(), 3);
        assert_eq!(line[0].get("C").unwrap(), ["a ] b\\"]);
        assert_eq!(line[2].get("W").unwrap(), ["b2"]);
    }

    /// Found by fuzzing (`fuzz/regressions/hex_sgf/`): a name with a line
    /// break read as-is but was written with a space, so it changed on its
    /// way through a file.
    #[test]
    fn simple_text_reads_line_breaks_as_the_writer_writes_them() {
        assert_eq!(simple_text("Ana\nBen\r\nCy\n\rDi\tEd"), "Ana Ben Cy Di Ed");
        for name in ["Ana\nBen", "a\r\n\r\nb", "tab\there", "x]\\y"] {
            let read = simple_text(name);
            let file = format!("(;PB[{}])", escape(&read));
            let tree = parse_first_tree(&file).unwrap();
            let again = simple_text(&tree.main_line()[0].get("PB").unwrap()[0]);
            assert_eq!(again, read, "{file}");
        }
    }

    #[test]
    fn refuses_unclosed_input() {
        assert!(parse_first_tree("(;GM[11]").is_err());
        assert!(parse_first_tree("(;C[open").is_err());
        assert!(parse_first_tree("").is_err());
        assert!(parse_first_tree("(B[a1])").is_err());
    }

    #[test]
    fn refuses_deep_nesting() {
        let text = format!("(;{}", "(;".repeat(MAX_DEPTH + 5));
        assert!(parse_first_tree(&text).unwrap_err().message.contains("deeply"));
    }
}
