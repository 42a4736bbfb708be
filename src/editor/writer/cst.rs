//! A concrete syntax tree of RON text for the writer: every value with its byte span, and
//! every entry of a container with the text around it (the comments and spacing before it,
//! its comma and a comment after it on the same line), so entries can be kept, replaced,
//! dropped or added without touching the rest of the text.
//!
//! Only text that `ron` has accepted is indexed; anything this scanner does not understand
//! gives `None` and the writer falls back to writing the file afresh. Never panics.

/// Deeper nesting is refused (ron's own limit is lower).
const MAX_DEPTH: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// String, char, number, identifier.
    Scalar,
    /// `( .. )`: a struct, tuple or the payload of a named value (`Some(..)`, `Door(..)`).
    Paren,
    List,
    Map,
}

#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// Where the value starts (the name of a named container).
    pub start: usize,
    /// Just past its end.
    pub end: usize,
    pub kind: Kind,
    /// The name before a named container's `(`.
    pub name: Option<(usize, usize)>,
    /// The opening and closing bracket of a container.
    pub open: usize,
    pub close: usize,
    pub entries: Vec<Entry>,
}

/// One entry of a container: `[chunk_start, chunk_end)` is its whole text, from the end of
/// the previous entry (so the spacing and comments before it) to its comma and a comment on
/// the same line.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub chunk_start: usize,
    /// The key, or the value of an entry without one.
    pub body_start: usize,
    /// A struct field's name or a map key.
    pub key: Option<Node>,
    pub value: Node,
    pub comma: Option<usize>,
    pub chunk_end: usize,
}

/// A whole document: the top-level value with the text before and after it.
#[derive(Debug, Clone)]
pub(crate) struct Doc {
    pub root: Node,
}

impl Node {
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        src.get(self.start..self.end).unwrap_or("")
    }

    /// Whether this is written `Some(x)`; then `x`.
    pub fn some_payload(&self, src: &str) -> Option<&Node> {
        let (a, b) = self.name?;
        if self.kind == Kind::Paren
            && src.get(a..b) == Some("Some")
            && self.entries.len() == 1
            && self.entries[0].key.is_none()
        {
            Some(&self.entries[0].value)
        } else {
            None
        }
    }

    /// The struct field `name`, if this container has it.
    pub fn field<'n>(&'n self, src: &str, name: &str) -> Option<(usize, &'n Entry)> {
        if self.kind != Kind::Paren {
            return None;
        }
        self.entries
            .iter()
            .enumerate()
            .find(|(_, e)| e.key.as_ref().is_some_and(|k| ident(k.text(src)) == name))
    }

    /// Whether every entry has a field name (a struct, as opposed to a tuple).
    pub fn is_struct(&self) -> bool {
        self.kind == Kind::Paren && !self.entries.is_empty() && self.entries.iter().all(|e| e.key.is_some())
    }

    /// Whether the text between the brackets spans several lines.
    pub fn multi_line(&self, src: &str) -> bool {
        src.get(self.open..self.close).is_some_and(|t| t.contains('\n'))
    }
}

impl Entry {
    /// The field name or key as written (`r#` dropped).
    pub fn key_text<'a>(&self, src: &'a str) -> Option<&'a str> {
        self.key.as_ref().map(|k| ident(k.text(src)))
    }
}

fn ident(s: &str) -> &str {
    s.strip_prefix("r#").unwrap_or(s)
}

/// Indexes a document; `None` if it is not one value with comments around it.
pub(crate) fn parse(src: &str) -> Option<Doc> {
    let mut p = Parser {
        s: src.as_bytes(),
        depth: 0,
    };
    let start = p.skip_trivia(0);
    let root = p.value(start)?;
    (p.skip_trivia(root.end) == src.len()).then_some(Doc { root })
}

struct Parser<'a> {
    s: &'a [u8],
    depth: usize,
}

impl Parser<'_> {
    fn at(&self, i: usize) -> u8 {
        self.s.get(i).copied().unwrap_or(0)
    }

    /// Past whitespace, comments and `#![..]` attributes.
    fn skip_trivia(&self, mut i: usize) -> usize {
        loop {
            match (self.at(i), self.at(i + 1)) {
                (b' ' | b'\t' | b'\n' | b'\r', _) => i += 1,
                (b'/', b'/') => {
                    while i < self.s.len() && self.s[i] != b'\n' {
                        i += 1;
                    }
                }
                (b'/', b'*') => i = self.block_comment_end(i),
                (b'#', b'!') => {
                    while i < self.s.len() && self.s[i] != b']' {
                        i += 1;
                    }
                    i += 1;
                }
                _ => return i.min(self.s.len()),
            }
        }
    }

    /// Past a (nested) block comment starting at `i`.
    fn block_comment_end(&self, mut i: usize) -> usize {
        let mut level = 0usize;
        while i < self.s.len() {
            match (self.s[i], self.at(i + 1)) {
                (b'/', b'*') => {
                    level += 1;
                    i += 2;
                }
                (b'*', b'/') => {
                    level = level.saturating_sub(1);
                    i += 2;
                    if level == 0 {
                        return i;
                    }
                }
                _ => i += 1,
            }
        }
        self.s.len()
    }

    /// Past spaces and a comment on the same line (not the line break).
    fn same_line_comment(&self, mut i: usize) -> usize {
        let start = i;
        while matches!(self.at(i), b' ' | b'\t') {
            i += 1;
        }
        if self.at(i) == b'/' && self.at(i + 1) == b'/' {
            while i < self.s.len() && self.s[i] != b'\n' && self.s[i] != b'\r' {
                i += 1;
            }
            i
        } else {
            start
        }
    }

    fn ident_end(&self, mut i: usize) -> usize {
        if self.at(i) == b'r' && self.at(i + 1) == b'#' {
            i += 2;
        }
        while self.at(i).is_ascii_alphanumeric() || self.at(i) == b'_' || self.at(i) >= 0x80 {
            i += 1;
        }
        i
    }

    fn value(&mut self, i: usize) -> Option<Node> {
        let c = self.at(i);
        let scalar = |end: usize| Node {
            start: i,
            end,
            kind: Kind::Scalar,
            name: None,
            open: i,
            close: i,
            entries: Vec::new(),
        };
        match c {
            b'(' => self.container(i, i, None, Kind::Paren),
            b'[' => self.container(i, i, None, Kind::List),
            b'{' => self.container(i, i, None, Kind::Map),
            b'"' => Some(scalar(self.string_end(i + 1)?)),
            b'\'' => Some(scalar(self.char_end(i + 1)?)),
            b'r' if self.at(i + 1) == b'"' || (self.at(i + 1) == b'#' && !self.at(i + 2).is_ascii_alphabetic()) => {
                Some(scalar(self.raw_string_end(i + 1)?))
            }
            b'b' if self.at(i + 1) == b'"' => Some(scalar(self.string_end(i + 2)?)),
            b'b' if self.at(i + 1) == b'\'' => Some(scalar(self.char_end(i + 2)?)),
            b'0'..=b'9' | b'+' | b'-' | b'.' => Some(scalar(self.number_end(i))),
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let end = self.ident_end(i);
                let next = self.skip_trivia(end);
                if self.at(next) == b'(' {
                    self.container(i, next, Some((i, end)), Kind::Paren)
                } else {
                    Some(scalar(end))
                }
            }
            _ => None,
        }
    }

    fn string_end(&self, mut i: usize) -> Option<usize> {
        while i < self.s.len() {
            match self.s[i] {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
    }

    fn char_end(&self, mut i: usize) -> Option<usize> {
        while i < self.s.len() {
            match self.s[i] {
                b'\\' => i += 2,
                b'\'' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
    }

    /// `i` is just past the `r`.
    fn raw_string_end(&self, mut i: usize) -> Option<usize> {
        let mut hashes = 0;
        while self.at(i) == b'#' {
            hashes += 1;
            i += 1;
        }
        if self.at(i) != b'"' {
            return None;
        }
        i += 1;
        while i < self.s.len() {
            if self.s[i] == b'"' && (1..=hashes).all(|k| self.at(i + k) == b'#') {
                return Some(i + 1 + hashes);
            }
            i += 1;
        }
        None
    }

    fn number_end(&self, mut i: usize) -> usize {
        if matches!(self.at(i), b'+' | b'-') {
            i += 1;
        }
        while self.at(i).is_ascii_alphanumeric() || matches!(self.at(i), b'_' | b'.') {
            let exponent = matches!(self.at(i), b'e' | b'E') && matches!(self.at(i + 1), b'+' | b'-');
            i += if exponent { 2 } else { 1 };
        }
        i
    }

    /// A container whose value starts at `start` and whose bracket is at `open`.
    fn container(&mut self, start: usize, open: usize, name: Option<(usize, usize)>, kind: Kind) -> Option<Node> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let close_byte = match kind {
            Kind::Paren => b')',
            Kind::List => b']',
            _ => b'}',
        };
        let mut entries = Vec::new();
        let mut p = open + 1;
        let close = loop {
            let q = self.skip_trivia(p);
            if q >= self.s.len() {
                return None;
            }
            if self.at(q) == close_byte {
                break q;
            }
            let (key, value) = match kind {
                Kind::Paren if self.is_field(q) => {
                    let key_end = self.ident_end(q);
                    let colon = self.skip_trivia(key_end);
                    let key = Node {
                        start: q,
                        end: key_end,
                        kind: Kind::Scalar,
                        name: None,
                        open: q,
                        close: q,
                        entries: Vec::new(),
                    };
                    (Some(key), self.value(self.skip_trivia(colon + 1))?)
                }
                Kind::Map => {
                    let key = self.value(q)?;
                    let colon = self.skip_trivia(key.end);
                    if self.at(colon) != b':' {
                        return None;
                    }
                    let value = self.value(self.skip_trivia(colon + 1))?;
                    (Some(key), value)
                }
                _ => (None, self.value(q)?),
            };
            let after = self.skip_trivia(value.end);
            let (comma, chunk_end) = match self.at(after) {
                b',' => (Some(after), self.same_line_comment(after + 1)),
                b if b == close_byte => (None, value.end),
                _ => return None,
            };
            entries.push(Entry {
                chunk_start: p,
                body_start: q,
                key,
                value,
                comma,
                chunk_end,
            });
            p = chunk_end;
        };
        self.depth -= 1;
        Some(Node {
            start,
            end: close + 1,
            kind,
            name,
            open,
            close,
            entries,
        })
    }

    /// Whether an identifier followed by `:` starts at `q`.
    fn is_field(&self, q: usize) -> bool {
        let c = self.at(q);
        if !(c.is_ascii_alphabetic() || c == b'_') {
            return false;
        }
        let end = self.ident_end(q);
        self.at(self.skip_trivia(end)) == b':'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_carry_their_comments_and_commas() {
        let src = "// top\nScenario(\n    a: 1, // one\n    // before b\n    b: Some((x: [1, 2])),\n)\n";
        let doc = parse(src).unwrap();
        let root = &doc.root;
        assert_eq!(root.entries.len(), 2);
        let a = &root.entries[0];
        assert_eq!(&src[a.chunk_start..a.chunk_end], "\n    a: 1, // one");
        let b = &root.entries[1];
        assert_eq!(&src[b.chunk_start..b.body_start], "\n    // before b\n    ");
        let inner = b.value.some_payload(src).unwrap();
        assert!(inner.is_struct());
        assert_eq!(inner.field(src, "x").unwrap().1.value.text(src), "[1, 2]");
    }

    #[test]
    fn text_that_is_not_one_value_gives_none() {
        assert!(parse("(a: 1) (b: 2)").is_none());
        assert!(parse("(a: \"open").is_none());
        assert!(parse(&"[".repeat(400)).is_none());
    }
}
