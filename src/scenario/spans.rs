//! Source positions inside scenario files: maps a path into a RON document (struct fields,
//! list/tuple indices, map keys) to the line:column where that value is written, so semantic
//! validation errors can be printed as `FILE:LINE:COL: error: ...`.
//!
//! The document is expected to have been accepted by `ron` already (syntax errors are ron's
//! to report), but the scanner here is tolerant: any input string is indexed in linear time
//! with an explicit stack (no recursion), and no lookup panics. Garbage input simply yields
//! a less useful, but always valid, position.
//! Over 600 lines: about 470 of them are its tests (every RON construct a position is mapped
//! through).

use std::fmt;

/// 1-based line and column (columns count chars, not bytes), like ron's own error positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    /// 1-based line; only `\n` starts a new line.
    pub line: usize,
    /// 1-based column, counted in chars from the start of the line.
    pub col: usize,
}

impl Pos {
    /// The first character of a document.
    const START: Pos = Pos { line: 1, col: 1 };
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One step of a path into the document.
///
/// * `Field`: a named struct field `name: value`.
/// * `Index`: the n-th element of a list or tuple (also the n-th unnamed value inside
///   parentheses: `Index(1)` of `(3, 4)` is `4`, `Index(0)` of the newtype variant `Some(3)`
///   is `3`; on a struct or map, the n-th entry's value).
/// * `Key`: the map entry whose key, as written in the source, equals this string after
///   unquoting: `Key("#")` matches `'#':` and `"#":`, `Key("goblin")` matches `"goblin":` and
///   `goblin:`, `Key("7")` matches `7:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    /// A named struct field.
    Field(String),
    /// A position inside a list, tuple or unnamed parenthesised values.
    Index(usize),
    /// A map entry, matched by its unquoted key.
    Key(String),
}

/// Convenience constructor for [`Seg::Field`].
pub fn field(name: &str) -> Seg {
    Seg::Field(name.to_owned())
}

/// Convenience constructor for [`Seg::Index`].
pub fn index(i: usize) -> Seg {
    Seg::Index(i)
}

/// Convenience constructor for [`Seg::Key`].
pub fn key(k: &str) -> Seg {
    Seg::Key(k.to_owned())
}

/// "No node" marker in the flat node links.
const NONE: u32 = u32::MAX;

/// Inputs longer than this are indexed only up to here (offsets are stored as `u32`).
const MAX_INDEXED: usize = (u32::MAX - 1) as usize;

// Node flags.

/// The node is a map key / field name; the value follows as the next sibling.
const IS_KEY: u8 = 1;
/// The node is a value whose key is its previous sibling.
const KEYED: u8 = 2;
/// A parenthesised container written with a name before it (`Door(..)`, `Some(..)`).
const NAMED: u8 = 4;
/// Build state of a container: the current entry already has a value.
const SLOT_FULL: u8 = 8;
/// Build state of a container: a key and its colon were read, the value is still to come.
const PENDING: u8 = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The pseudo-container holding the top-level value.
    Root,
    /// `( .. )`: struct, tuple, unit, or the payload of a named struct/variant.
    Paren,
    /// `[ .. ]`
    List,
    /// `{ .. }`
    Map,
    /// `".."`, `r#".."#`, `b".."`, `br".."`
    Str,
    /// `'x'`, `b'x'`
    Char,
    /// identifier, unit variant, `true`, `false`
    Ident,
    /// any number literal
    Number,
}

impl Kind {
    fn is_container(self) -> bool {
        matches!(self, Kind::Paren | Kind::List | Kind::Map)
    }
}

/// One indexed value (or key). Children are a singly linked list in source order.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Byte offset where the value starts (for named containers: the name).
    start: u32,
    /// First child, or `NONE`.
    first: u32,
    /// Next sibling, or `NONE`.
    next: u32,
    kind: Kind,
    flags: u8,
}

/// Index of a RON document: where every value, field name and map key is written.
///
/// Built once in linear time; holds a copy of the text, a line table and one small node
/// per value. Lookups walk the children of the nodes along the path.
#[derive(Clone)]
pub struct SourceMap {
    text: Box<str>,
    /// Byte offset of the start of each line; `line_starts[0] == 0`.
    line_starts: Vec<u32>,
    /// `nodes[0]` is the root pseudo-container.
    nodes: Vec<Node>,
    /// The top-level value, or `NONE` for a document without one.
    top: u32,
}

impl fmt::Debug for SourceMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceMap")
            .field("bytes", &self.text.len())
            .field("lines", &self.line_starts.len())
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

/// Where a path lookup ended.
struct Resolved {
    /// The node reached (`NONE` if the document has no value).
    node: u32,
    /// The key node of the last step, if it was an entry with a key.
    key: u32,
    /// Whether the whole path was found.
    full: bool,
}

impl SourceMap {
    /// Indexes `text` once (linear time).
    pub fn new(text: &str) -> SourceMap {
        let text = truncate(text);
        let mut line_starts = vec![0u32];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| to_u32(i + 1)),
        );
        let nodes = build(text);
        let mut map = SourceMap {
            text: text.into(),
            line_starts,
            nodes,
            top: NONE,
        };
        map.top = map.children(0).next().map_or(NONE, |(_, v)| v);
        map
    }

    /// Where the value at `path` starts. If the path does not exist in full, the position of the
    /// deepest part that does exist (for a missing field: the opening bracket of the enclosing
    /// struct; the empty path: the start of the top-level value, or 1:1 for empty input).
    pub fn value_pos(&self, path: &[Seg]) -> Pos {
        let r = self.resolve(path);
        self.value_pos_of(&r)
    }

    /// Where the field name or map key of the last segment is written (for Index, same as
    /// value_pos); same fallback rule.
    pub fn key_pos(&self, path: &[Seg]) -> Pos {
        let r = self.resolve(path);
        let by_name = matches!(path.last(), Some(Seg::Field(_) | Seg::Key(_)));
        if r.full && by_name && r.key != NONE {
            self.pos_of(self.node(r.key).start as usize)
        } else {
            self.value_pos_of(&r)
        }
    }

    /// Number of elements of the list/tuple/map at `path`, if it is one.
    ///
    /// Struct-like parentheses count their fields; `Some(container)` counts the container's
    /// elements. `None` if the path does not exist in full or names a scalar.
    pub fn len(&self, path: &[Seg]) -> Option<usize> {
        let r = self.resolve(path);
        if !r.full || r.node == NONE {
            return None;
        }
        let mut n = r.node;
        if let Some(inner) = self.some_payload(n)
            && self.node(inner).kind.is_container()
        {
            n = inner;
        }
        self.node(n).kind.is_container().then(|| self.children(n).count())
    }

    /// Position of the `char_offset`-th character inside the string (or char) literal at
    /// `path`: 0 is the first character after the opening quote. Characters are those of the
    /// unescaped value, so an escape such as `\"` or `\u{e9}` counts as one character and the
    /// position is that of its backslash. An offset past the end gives the closing quote.
    /// `Some("..")` is looked through. Falls back to [`SourceMap::value_pos`] if the path does
    /// not name a string.
    pub fn pos_in_string(&self, path: &[Seg], char_offset: usize) -> Pos {
        let r = self.resolve(path);
        if !r.full || r.node == NONE {
            return self.value_pos_of(&r);
        }
        let mut n = r.node;
        if let Some(inner) = self.some_payload(n) {
            n = inner;
        }
        if !matches!(self.node(n).kind, Kind::Str | Kind::Char) {
            return self.value_pos_of(&r);
        }
        let Some(mut lit) = Literal::at(&self.text, self.node(n).start as usize) else {
            return self.value_pos_of(&r);
        };
        let mut k = 0usize;
        while let Some((_, at)) = lit.next_char() {
            if k == char_offset {
                return self.pos_of(at);
            }
            k += 1;
        }
        self.pos_of(lit.i)
    }

    fn node(&self, i: u32) -> Node {
        self.nodes[i as usize]
    }

    fn value_pos_of(&self, r: &Resolved) -> Pos {
        if r.node == NONE {
            Pos::START
        } else if r.full {
            self.pos_of(self.node(r.node).start as usize)
        } else {
            self.pos_of(self.open_offset(r.node))
        }
    }

    /// Line and column of a byte offset.
    fn pos_of(&self, offset: usize) -> Pos {
        let mut off = offset.min(self.text.len());
        while !self.text.is_char_boundary(off) {
            off -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s as usize <= off).max(1);
        let start = self.line_starts[line - 1] as usize;
        let col = self.text.get(start..off).map_or(0, |s| s.chars().count()) + 1;
        Pos { line, col }
    }

    /// The opening bracket of a container (skipping the name of a named one), else its start.
    fn open_offset(&self, n: u32) -> usize {
        let node = self.node(n);
        let start = node.start as usize;
        if node.flags & NAMED != 0 {
            let mut lx = Lexer::new(&self.text, start);
            let _name = lx.token();
            if let (Tok::Open(_), at) = lx.token() {
                return at;
            }
        }
        start
    }

    /// `(key node or NONE, value node)` of each entry of container `n`, in source order.
    fn children(&self, n: u32) -> Children<'_> {
        Children {
            nodes: &self.nodes,
            cur: self.node(n).first,
            key: NONE,
        }
    }

    /// The identifier text at `start` (without a raw `r#` prefix).
    fn ident_at(&self, start: usize) -> &str {
        let mut lx = Lexer::new(&self.text, start);
        lx.token();
        let s = self.text.get(start..lx.i).unwrap_or("");
        s.strip_prefix("r#").unwrap_or(s)
    }

    /// Whether key node `k` spells `target` (`ident_only`: only bare identifiers count).
    fn key_eq(&self, k: u32, target: &str, ident_only: bool) -> bool {
        let node = self.node(k);
        let start = node.start as usize;
        match node.kind {
            Kind::Ident => self.ident_at(start) == target,
            _ if ident_only => false,
            Kind::Number => {
                let mut lx = Lexer::new(&self.text, start);
                lx.token();
                self.text.get(start..lx.i) == Some(target)
            }
            Kind::Str | Kind::Char => {
                let Some(mut lit) = Literal::at(&self.text, start) else {
                    return false;
                };
                let mut want = target.chars();
                while let Some((c, _)) = lit.next_char() {
                    if want.next() != Some(c) {
                        return false;
                    }
                }
                want.next().is_none()
            }
            _ => false,
        }
    }

    /// The only entry of parentheses `n` if it has exactly one, unkeyed.
    fn single_child(&self, n: u32) -> Option<u32> {
        if self.node(n).kind != Kind::Paren {
            return None;
        }
        let mut it = self.children(n);
        match (it.next(), it.next()) {
            (Some((NONE, v)), None) => Some(v),
            _ => None,
        }
    }

    /// The payload `x` if node `n` is written `Some(x)`.
    fn some_payload(&self, n: u32) -> Option<u32> {
        let node = self.node(n);
        if node.kind == Kind::Paren && node.flags & NAMED != 0 && self.ident_at(node.start as usize) == "Some" {
            self.single_child(n)
        } else {
            None
        }
    }

    fn resolve(&self, path: &[Seg]) -> Resolved {
        let mut r = Resolved {
            node: self.top,
            key: NONE,
            full: true,
        };
        if self.top == NONE {
            r.full = path.is_empty();
            return r;
        }
        for seg in path {
            match self.step(r.node, seg) {
                Ok((k, v)) => {
                    r.key = k;
                    r.node = v;
                }
                Err(deepest) => {
                    return Resolved {
                        node: deepest,
                        key: NONE,
                        full: false,
                    };
                }
            }
        }
        r
    }

    /// One path step from node `cur`: `Ok((key, value))`, or `Err(deepest node reached)`.
    /// Looks through single unnamed payloads (`Some((x: 1))`, `((x: 1))`, `Some([1, 2])`).
    fn step(&self, cur: u32, seg: &Seg) -> Result<(u32, u32), u32> {
        let mut c = cur;
        loop {
            if !self.node(c).kind.is_container() {
                return Err(c);
            }
            let found = match seg {
                Seg::Index(i) => {
                    if let Some(inner) = self.some_payload(c)
                        && self.node(inner).kind.is_container()
                    {
                        c = inner;
                        continue;
                    }
                    self.children(c).nth(*i)
                }
                Seg::Field(name) => self
                    .children(c)
                    .find(|&(k, _)| k != NONE && self.key_eq(k, name, true))
                    .or_else(|| {
                        self.children(c)
                            .find(|&(k, _)| k != NONE && self.key_eq(k, name, false))
                    }),
                Seg::Key(want) => self
                    .children(c)
                    .find(|&(k, _)| k != NONE && self.key_eq(k, want, false)),
            };
            if let Some(kv) = found {
                return Ok(kv);
            }
            match self.single_child(c) {
                Some(inner) if self.node(inner).kind.is_container() => c = inner,
                _ => return Err(c),
            }
        }
    }
}

/// Iterator over the entries of a container: `(key node or NONE, value node)`.
struct Children<'a> {
    nodes: &'a [Node],
    cur: u32,
    key: u32,
}

impl Iterator for Children<'_> {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        while self.cur != NONE {
            let i = self.cur;
            let n = self.nodes[i as usize];
            self.cur = n.next;
            if n.flags & IS_KEY != 0 {
                self.key = i;
                continue;
            }
            let k = if n.flags & KEYED != 0 { self.key } else { NONE };
            self.key = NONE;
            return Some((k, i));
        }
        None
    }
}

fn to_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE - 1)
}

/// The longest prefix of `text` whose offsets fit the index.
fn truncate(text: &str) -> &str {
    if text.len() <= MAX_INDEXED {
        return text;
    }
    let mut end = MAX_INDEXED;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Scans `text` once into the flat node list (children linked in source order).
fn build(text: &str) -> Vec<Node> {
    let mut nodes = vec![Node {
        start: 0,
        first: NONE,
        next: NONE,
        kind: Kind::Root,
        flags: 0,
    }];
    // Open containers; children are prepended while open and reversed on close.
    let mut stack: Vec<u32> = vec![0];
    let mut lx = Lexer::new(text, 0);
    let mut last_ident = NONE;
    let mut attribute = false;
    loop {
        let (tok, at) = lx.token();
        let ident_before = std::mem::replace(&mut last_ident, NONE);
        let top = stack.last().copied().unwrap_or(0);
        match tok {
            Tok::Eof => break,
            Tok::Open(kind) => {
                let n = if kind == Kind::Paren && ident_before != NONE {
                    // `Name(`: the identifier just read names these parentheses.
                    let node = &mut nodes[ident_before as usize];
                    node.kind = Kind::Paren;
                    node.flags |= NAMED;
                    ident_before
                } else {
                    // `#![...]` is an attribute: indexed, but not part of the document.
                    let detached = attribute && kind == Kind::List;
                    add(&mut nodes, top, kind, at, detached)
                };
                stack.push(n);
                attribute = false;
            }
            Tok::Close => {
                if stack.len() > 1
                    && let Some(n) = stack.pop()
                {
                    finish(&mut nodes, n);
                }
                attribute = false;
            }
            Tok::Comma => {
                nodes[top as usize].flags &= !(SLOT_FULL | PENDING);
                attribute = false;
            }
            Tok::Colon => {
                let flags = nodes[top as usize].flags;
                let last = nodes[top as usize].first;
                if flags & (SLOT_FULL | PENDING) == SLOT_FULL && last != NONE && nodes[last as usize].flags & KEYED == 0
                {
                    nodes[last as usize].flags |= IS_KEY;
                    nodes[top as usize].flags = (flags & !SLOT_FULL) | PENDING;
                }
                attribute = false;
            }
            Tok::Hash => attribute = true,
            Tok::Scalar(kind) => {
                let n = add(&mut nodes, top, kind, at, false);
                if kind == Kind::Ident {
                    last_ident = n;
                }
                attribute = false;
            }
            Tok::Other => {}
        }
    }
    while let Some(n) = stack.pop() {
        finish(&mut nodes, n);
    }
    nodes
}

/// Appends a value node as the newest child of `parent` (unless `detached`).
fn add(nodes: &mut Vec<Node>, parent: u32, kind: Kind, at: usize, detached: bool) -> u32 {
    let n = to_u32(nodes.len());
    let mut node = Node {
        start: to_u32(at),
        first: NONE,
        next: NONE,
        kind,
        flags: 0,
    };
    if !detached {
        let p = &mut nodes[parent as usize];
        if p.flags & PENDING != 0 {
            node.flags |= KEYED;
        }
        p.flags = (p.flags & !PENDING) | SLOT_FULL;
        node.next = p.first;
        p.first = n;
    }
    nodes.push(node);
    n
}

/// Closes container `n`: puts its children back in source order, clears build state.
fn finish(nodes: &mut [Node], n: u32) {
    let mut prev = NONE;
    let mut cur = nodes[n as usize].first;
    while cur != NONE {
        let next = nodes[cur as usize].next;
        nodes[cur as usize].next = prev;
        prev = cur;
        cur = next;
    }
    let node = &mut nodes[n as usize];
    node.first = prev;
    node.flags &= !(SLOT_FULL | PENDING);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Open(Kind),
    Close,
    Comma,
    Colon,
    Hash,
    Scalar(Kind),
    Other,
    Eof,
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

fn is_raw_ident_char(c: char) -> bool {
    matches!(c, '.' | '+' | '-') || is_ident_char(c)
}

/// Tolerant RON tokenizer. Every call to `next` advances (or reports the end), so scanning
/// is linear; offsets it reports are always char boundaries.
struct Lexer<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
}

impl<'a> Lexer<'a> {
    fn new(s: &'a str, i: usize) -> Lexer<'a> {
        Lexer {
            s,
            b: s.as_bytes(),
            i: i.min(s.len()),
        }
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    fn char_at(&self, i: usize) -> Option<char> {
        self.s.get(i..)?.chars().next()
    }

    /// Skips whitespace, `// line` and nested `/* block */` comments.
    fn skip_trivia(&mut self) {
        while let Some(c) = self.byte(self.i) {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => self.i += 1,
                b'/' if self.byte(self.i + 1) == Some(b'/') => {
                    let rest = self.b.get(self.i..).unwrap_or(&[]);
                    self.i += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                }
                b'/' if self.byte(self.i + 1) == Some(b'*') => {
                    let mut i = self.i + 2;
                    let mut depth = 1usize;
                    while depth > 0 && i < self.b.len() {
                        match (self.b[i], self.byte(i + 1)) {
                            (b'/', Some(b'*')) => {
                                depth += 1;
                                i += 2;
                            }
                            (b'*', Some(b'/')) => {
                                depth -= 1;
                                i += 2;
                            }
                            _ => i += 1,
                        }
                    }
                    self.i = i.min(self.b.len());
                }
                c if c >= 0x80 => match self.char_at(self.i) {
                    Some(ch) if ch.is_whitespace() || matches!(ch, '\u{200E}' | '\u{200F}') => {
                        self.i += ch.len_utf8();
                    }
                    _ => return,
                },
                _ => return,
            }
        }
    }

    /// The next token and the byte offset where it starts.
    fn token(&mut self) -> (Tok, usize) {
        self.skip_trivia();
        let st = self.i;
        let Some(c) = self.byte(st) else {
            return (Tok::Eof, st);
        };
        let next = self.byte(st + 1);
        let tok = match c {
            b'(' | b'[' | b'{' => {
                self.i += 1;
                Tok::Open(match c {
                    b'(' => Kind::Paren,
                    b'[' => Kind::List,
                    _ => Kind::Map,
                })
            }
            b')' | b']' | b'}' | b',' | b':' | b'#' => {
                self.i += 1;
                match c {
                    b',' => Tok::Comma,
                    b':' => Tok::Colon,
                    b'#' => Tok::Hash,
                    _ => Tok::Close,
                }
            }
            b'"' => {
                self.skip_quoted(st + 1, b'"');
                Tok::Scalar(Kind::Str)
            }
            b'\'' => {
                self.skip_quoted(st + 1, b'\'');
                Tok::Scalar(Kind::Char)
            }
            b'b' if next == Some(b'"') => {
                self.skip_quoted(st + 2, b'"');
                Tok::Scalar(Kind::Str)
            }
            b'b' if next == Some(b'\'') => {
                self.skip_quoted(st + 2, b'\'');
                Tok::Scalar(Kind::Char)
            }
            b'b' if next == Some(b'r') && self.raw_string(st + 2) => Tok::Scalar(Kind::Str),
            b'r' if self.raw_string(st + 1) => Tok::Scalar(Kind::Str),
            b'r' if next == Some(b'#') && self.char_at(st + 2).is_some_and(is_raw_ident_char) => {
                self.i = self.scan_while(st + 2, is_raw_ident_char);
                Tok::Scalar(Kind::Ident)
            }
            b'0'..=b'9' => {
                self.number(st + 1);
                Tok::Scalar(Kind::Number)
            }
            b'+' | b'-' if next.is_some_and(|n| n.is_ascii_alphanumeric() || n == b'.') => {
                self.number(st + 1);
                Tok::Scalar(Kind::Number)
            }
            b'.' if next.is_some_and(|n| n.is_ascii_digit()) => {
                self.number(st + 1);
                Tok::Scalar(Kind::Number)
            }
            _ => match self.char_at(st) {
                Some(ch) if is_ident_start(ch) => {
                    self.i = self.scan_while(st + ch.len_utf8(), is_ident_char);
                    Tok::Scalar(Kind::Ident)
                }
                Some(ch) => {
                    self.i = st + ch.len_utf8();
                    Tok::Other
                }
                None => {
                    self.i = st + 1;
                    Tok::Other
                }
            },
        };
        (tok, st)
    }

    fn scan_while(&self, from: usize, keep: fn(char) -> bool) -> usize {
        let mut i = from;
        while let Some(ch) = self.char_at(i) {
            if !keep(ch) {
                break;
            }
            i += ch.len_utf8();
        }
        i
    }

    /// Skips a quoted body starting at `from` up to and including the closing `quote`.
    fn skip_quoted(&mut self, from: usize, quote: u8) {
        let len = self.b.len();
        let mut i = from;
        while i < len {
            let c = self.b[i];
            if c == b'\\' {
                i += 2;
            } else {
                i += 1;
                if c == quote {
                    break;
                }
            }
        }
        self.i = i.min(len);
    }

    /// At `from` (just after `r`): `#`* `"` body `"` `#`*. Consumes it and returns true, or
    /// returns false without consuming if no quote follows the hashes.
    fn raw_string(&mut self, from: usize) -> bool {
        let hashes = self
            .b
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .take_while(|&&b| b == b'#')
            .count();
        if self.byte(from + hashes) != Some(b'"') {
            return false;
        }
        let mut i = from + hashes + 1;
        loop {
            let rest = self.b.get(i..).unwrap_or(&[]);
            let Some(q) = rest.iter().position(|&b| b == b'"') else {
                self.i = self.b.len();
                return true;
            };
            let after = i + q + 1;
            let closing = self
                .b
                .get(after..)
                .unwrap_or(&[])
                .iter()
                .take(hashes)
                .take_while(|&&b| b == b'#')
                .count();
            if closing == hashes {
                self.i = after + hashes;
                return true;
            }
            i = after + closing;
        }
    }

    /// Number body from `from`: digits, letters (hex, suffixes, `inf`), `_`, `.`, exponent signs.
    fn number(&mut self, from: usize) {
        let mut i = from;
        while let Some(c) = self.byte(i) {
            let exp_sign = matches!(c, b'+' | b'-') && matches!(self.b[i - 1], b'e' | b'E');
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || exp_sign {
                i += 1;
            } else {
                break;
            }
        }
        self.i = i;
    }
}

/// Decoder of a string or char literal: yields each unescaped char with the byte offset of
/// its first source character.
struct Literal<'a> {
    s: &'a str,
    /// Current byte offset; after the end, the offset of the closing quote (or text end).
    i: usize,
    quote: char,
    /// `Some(n)` for a raw string closed by `"` and `n` hashes.
    raw: Option<usize>,
}

impl<'a> Literal<'a> {
    /// Parses the opening of a literal (`"`, `'`, `b"`, `b'`, `r#"`, `br"` ...) at `start`.
    fn at(s: &'a str, start: usize) -> Option<Literal<'a>> {
        let b = s.as_bytes();
        let mut i = start;
        if b.get(i) == Some(&b'b') {
            i += 1;
        }
        let mut raw = None;
        if b.get(i) == Some(&b'r') {
            i += 1;
            let hashes = b.get(i..)?.iter().take_while(|&&c| c == b'#').count();
            i += hashes;
            raw = Some(hashes);
        }
        let quote = match (b.get(i), raw) {
            (Some(b'"'), _) => '"',
            (Some(b'\''), None) => '\'',
            _ => return None,
        };
        Some(Literal {
            s,
            i: i + 1,
            quote,
            raw,
        })
    }

    fn peek(&self) -> Option<char> {
        self.s.get(self.i..)?.chars().next()
    }

    /// The next unescaped char and the offset where it is written, or `None` at the end.
    fn next_char(&mut self) -> Option<(char, usize)> {
        let st = self.i;
        let rest = self.s.get(st..)?;
        let c = rest.chars().next()?;
        if c == self.quote {
            match self.raw {
                None => return None,
                Some(h) => {
                    let closes = rest
                        .as_bytes()
                        .get(1..=h)
                        .is_some_and(|hs| hs.iter().all(|&b| b == b'#'));
                    if closes {
                        return None;
                    }
                }
            }
        }
        self.i += c.len_utf8();
        if c == '\\' && self.raw.is_none() {
            return Some((self.escape(), st));
        }
        Some((c, st))
    }

    /// Decodes an escape whose backslash was just consumed.
    fn escape(&mut self) -> char {
        let Some(e) = self.peek() else {
            return '\\';
        };
        self.i += e.len_utf8();
        match e {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '0' => '\0',
            'u' => {
                if self.peek() == Some('{') {
                    self.i += 1;
                }
                let mut v = 0u32;
                for _ in 0..6 {
                    match self.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v * 16 + d;
                            self.i += 1;
                        }
                        None => break,
                    }
                }
                if self.peek() == Some('}') {
                    self.i += 1;
                }
                char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            'x' => {
                let first = self.hex_byte();
                if first < 0x80 {
                    return char::from(first);
                }
                // Multi-byte UTF-8 written as consecutive `\xHH` escapes.
                let need = match first {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF7 => 4,
                    _ => 1,
                };
                let mut buf = [first, 0, 0, 0];
                let mut n = 1;
                while n < need && self.s.get(self.i..).is_some_and(|r| r.starts_with("\\x")) {
                    self.i += 2;
                    buf[n] = self.hex_byte();
                    n += 1;
                }
                std::str::from_utf8(&buf[..n])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            other => other,
        }
    }

    /// Up to two hex digits.
    fn hex_byte(&mut self) -> u8 {
        let mut v = 0u8;
        for _ in 0..2 {
            match self.peek().and_then(|c| c.to_digit(16)) {
                Some(d) => {
                    v = v * 16 + d as u8;
                    self.i += 1;
                }
                None => break,
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r####"Scenario(
    name: "Test",
    units: [
        (id: "a", at: (1, 2)),
        (id: "b", at: (3, 4)),
    ],
    map: (rows: ["###", "#.#"], legend: { '#': (terrain: Wall) }),
)
"####;

    fn p(line: usize, col: usize) -> Pos {
        Pos { line, col }
    }

    /// Independent check: the position of the `nth` (0-based) occurrence of `needle`.
    fn find(text: &str, needle: &str, nth: usize) -> Pos {
        let (off, _) = text.match_indices(needle).nth(nth).expect("needle present");
        let before = &text[..off];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        p(line, text[line_start..off].chars().count() + 1)
    }

    #[test]
    fn example_from_the_brief() {
        let m = SourceMap::new(EXAMPLE);
        // Line 5 is `        (id: "b", at: (3, 4)),`: `(` at col 9, `at` at 19, its tuple at
        // 23, the `4` at 27. (The brief said 25 and 29, which miscounted by two.)
        let at = [field("units"), index(1), field("at")];
        assert_eq!(m.value_pos(&at), p(5, 23));
        assert_eq!(m.value_pos(&at), find(EXAMPLE, "(3, 4)", 0));
        assert_eq!(m.key_pos(&at), p(5, 19));
        assert_eq!(
            m.value_pos(&[field("units"), index(1), field("at"), index(1)]),
            p(5, 27)
        );
        assert_eq!(
            m.value_pos(&[field("units"), index(0), field("at"), index(0)]),
            p(4, 24)
        );
        assert_eq!(m.value_pos(&[field("units"), index(1), field("id")]), p(5, 14));
        assert_eq!(m.value_pos(&[field("units"), index(1)]), p(5, 9));

        // Line 7: `    map: (rows: ["###", "#.#"], legend: { '#': (terrain: Wall) }),`
        let legend = [field("map"), field("legend"), key("#")];
        assert_eq!(m.key_pos(&legend), p(7, 43));
        assert_eq!(m.key_pos(&legend), find(EXAMPLE, "'#'", 0));
        assert_eq!(m.value_pos(&legend), p(7, 48));
        let terrain = [field("map"), field("legend"), key("#"), field("terrain")];
        assert_eq!(m.value_pos(&terrain), p(7, 58));
        assert_eq!(m.key_pos(&terrain), p(7, 49));

        let row1 = [field("map"), field("rows"), index(1)];
        assert_eq!(m.value_pos(&row1), p(7, 25));
        assert_eq!(m.pos_in_string(&row1, 1), p(7, 27));
        assert_eq!(m.pos_in_string(&row1, 1), find(EXAMPLE, ".", 0));
        assert_eq!(m.pos_in_string(&row1, 0), p(7, 26));
        // Past the end: the closing quote.
        assert_eq!(m.pos_in_string(&row1, 3), p(7, 29));
        assert_eq!(m.pos_in_string(&row1, 99), p(7, 29));

        // Fallbacks.
        assert_eq!(m.value_pos(&[field("units"), index(7)]), p(3, 12));
        assert_eq!(m.value_pos(&[field("units"), index(7)]), find(EXAMPLE, "[", 0));
        assert_eq!(m.key_pos(&[field("units"), index(7)]), p(3, 12));
        assert_eq!(m.value_pos(&[field("nope")]), p(1, 9));
        assert_eq!(m.key_pos(&[field("nope")]), p(1, 9));
        assert_eq!(m.value_pos(&[field("map"), field("legend"), key("X")]), p(7, 41));
        assert_eq!(
            m.value_pos(&[field("units"), index(0), field("missing"), index(3)]),
            p(4, 9)
        );

        // Top level and the simple fields.
        assert_eq!(m.value_pos(&[]), p(1, 1));
        assert_eq!(m.value_pos(&[field("name")]), p(2, 11));
        assert_eq!(m.key_pos(&[field("name")]), p(2, 5));
        assert_eq!(m.key_pos(&[field("units")]), p(3, 5));

        // Lengths.
        assert_eq!(m.len(&[field("units")]), Some(2));
        assert_eq!(m.len(&[field("map"), field("rows")]), Some(2));
        assert_eq!(m.len(&[field("map"), field("legend")]), Some(1));
        assert_eq!(m.len(&[field("units"), index(0), field("at")]), Some(2));
        assert_eq!(m.len(&[]), Some(3));
        assert_eq!(m.len(&[field("name")]), None);
        assert_eq!(m.len(&[field("units"), index(9)]), None);
    }

    #[test]
    fn comments_between_tokens() {
        let text = "// header\n/* block */ Scenario /* between */ ( // trailing\n  \
                    name /* x */ : /* y */ \"v\" , // after\n  n: 1 // c ) ] }\n)";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[]), find(text, "Scenario", 0));
        assert_eq!(m.value_pos(&[field("name")]), find(text, "\"v\"", 0));
        assert_eq!(m.key_pos(&[field("name")]), find(text, "name", 0));
        assert_eq!(m.value_pos(&[field("n")]), find(text, "1", 0));
        // The missing-field fallback skips the comment between the name and `(`.
        assert_eq!(m.value_pos(&[field("zzz")]), find(text, "(", 0));
        assert_eq!(m.len(&[]), Some(2));
    }

    #[test]
    fn nested_block_comments() {
        let text = "(a: /* outer /* inner ( [ \" */ still comment ] ) */ 1, b: [/**/2/* , */])";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("a")]), find(text, "1", 0));
        assert_eq!(m.value_pos(&[field("b"), index(0)]), find(text, "2", 0));
        assert_eq!(m.len(&[field("b")]), Some(1));
        assert_eq!(m.len(&[]), Some(2));
    }

    #[test]
    fn escapes_in_strings() {
        let text = r#"(s: "a\"b\\", t: "x\u{1F600}y\n\tz", u: 5)"#;
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("u")]), find(text, "5", 0));
        assert_eq!(m.value_pos(&[field("t")]), p(1, 18));
        // `a \" b \\`: char 1 is the escaped quote (its backslash), char 2 the `b`.
        assert_eq!(m.pos_in_string(&[field("s")], 0), p(1, 6));
        assert_eq!(m.pos_in_string(&[field("s")], 1), p(1, 7));
        assert_eq!(m.pos_in_string(&[field("s")], 2), p(1, 9));
        assert_eq!(m.pos_in_string(&[field("s")], 3), p(1, 10));
        assert_eq!(m.pos_in_string(&[field("s")], 4), p(1, 12));
        // `x \u{1F600} y \n \t z`
        let t = [field("t")];
        assert_eq!(m.pos_in_string(&t, 0), p(1, 19));
        assert_eq!(m.pos_in_string(&t, 1), p(1, 20));
        assert_eq!(m.pos_in_string(&t, 2), find(text, "y", 0));
        assert_eq!(m.pos_in_string(&t, 3), p(1, 30));
        assert_eq!(m.pos_in_string(&t, 4), p(1, 32));
        assert_eq!(m.pos_in_string(&t, 5), find(text, "z", 0));
    }

    #[test]
    fn multi_line_strings() {
        let text = "(s: \"ab\ncd\", t: 1)";
        let m = SourceMap::new(text);
        assert_eq!(m.pos_in_string(&[field("s")], 1), p(1, 7));
        assert_eq!(m.pos_in_string(&[field("s")], 2), p(1, 8));
        assert_eq!(m.pos_in_string(&[field("s")], 3), p(2, 1));
        assert_eq!(m.pos_in_string(&[field("s")], 4), p(2, 2));
        assert_eq!(m.value_pos(&[field("t")]), p(2, 9));
    }

    #[test]
    fn raw_strings() {
        let text = r###"(a: r#"he said "hi" ) ] \"#, b: r"x\y", c: br##"z"#"##, d: 1)"###;
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("a")]), p(1, 5));
        assert_eq!(m.value_pos(&[field("b")]), find(text, "r\"x", 0));
        assert_eq!(m.value_pos(&[field("c")]), find(text, "br##", 0));
        assert_eq!(m.value_pos(&[field("d")]), find(text, "1", 0));
        assert_eq!(m.len(&[]), Some(4));
        // Raw strings have no escapes: the backslash is a char of its own.
        assert_eq!(m.pos_in_string(&[field("a")], 0), p(1, 8));
        assert_eq!(m.pos_in_string(&[field("a")], 8), find(text, "\"hi", 0));
        assert_eq!(m.pos_in_string(&[field("b")], 2), find(text, "y\"", 0));
        assert_eq!(m.pos_in_string(&[field("c")], 1), find(text, "\"#\"", 0));
    }

    #[test]
    fn unicode_before_the_target_counts_chars() {
        let text = "(näme: \"ñandú 🐉\", x: 1,\n y: \"é.\")";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("x")]), p(1, 22));
        assert_eq!(m.value_pos(&[field("x")]), find(text, "1", 0));
        assert_eq!(m.key_pos(&[field("näme")]), p(1, 2));
        assert_eq!(m.pos_in_string(&[field("näme")], 6), p(1, 15));
        assert_eq!(m.pos_in_string(&[field("y")], 1), p(2, 7));
    }

    #[test]
    fn map_keys_of_every_kind() {
        let text = concat!(
            r#"{ 'a': 1, '\'': 2, "goblin": 3, orc: 4, 7: 5, "#,
            r#"-1: 6, "q\"t": 7, (1, 2): 8, r#type: 9 }"#,
        );
        let m = SourceMap::new(text);
        assert_eq!(m.key_pos(&[key("a")]), find(text, "'a'", 0));
        assert_eq!(m.value_pos(&[key("a")]), find(text, "1", 0));
        assert_eq!(m.key_pos(&[key("'")]), find(text, r"'\''", 0));
        assert_eq!(m.value_pos(&[key("goblin")]), find(text, "3", 0));
        assert_eq!(m.key_pos(&[key("orc")]), find(text, "orc", 0));
        assert_eq!(m.value_pos(&[key("7")]), find(text, "5", 0));
        assert_eq!(m.value_pos(&[key("-1")]), find(text, "6", 0));
        assert_eq!(m.value_pos(&[key("q\"t")]), find(text, "7,", 0));
        assert_eq!(m.value_pos(&[key("type")]), find(text, "9", 0));
        assert_eq!(m.value_pos(&[index(7)]), find(text, "8", 0));
        assert_eq!(m.len(&[]), Some(9));
        // A field lookup on a map accepts any key that spells it.
        assert_eq!(m.value_pos(&[field("goblin")]), find(text, "3", 0));
        // A missing key falls back to the `{`.
        assert_eq!(m.value_pos(&[key("troll")]), p(1, 1));
        assert_eq!(m.value_pos(&[key("goblin"), index(0)]), find(text, "3", 0));
    }

    #[test]
    fn key_only_matches_the_whole_key() {
        let m = SourceMap::new(r#"{ "ab": 1, "a": 2, "abc": 3 }"#);
        assert_eq!(m.value_pos(&[key("a")]), p(1, 17));
        assert_eq!(m.value_pos(&[key("abc")]), p(1, 27));
    }

    #[test]
    fn some_is_transparent() {
        let text = "(seed: Some(3), zone: Some((x: 1, y: 2)), list: Some([10, 20, 30]), \
                    name: Some(\"ab\"), inner: Some(Some((z: 5))))";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("seed")]), find(text, "Some(3)", 0));
        assert_eq!(m.value_pos(&[field("seed"), index(0)]), find(text, "3", 0));
        assert_eq!(m.value_pos(&[field("zone"), field("x")]), find(text, "1", 0));
        assert_eq!(m.key_pos(&[field("zone"), field("y")]), find(text, "y", 0));
        assert_eq!(m.value_pos(&[field("list"), index(2)]), find(text, "30", 0));
        assert_eq!(m.len(&[field("list")]), Some(3));
        assert_eq!(m.pos_in_string(&[field("name")], 1), find(text, "b\"", 0));
        assert_eq!(m.value_pos(&[field("inner"), field("z")]), find(text, "5", 0));
        // A missing field inside: the bracket of the innermost struct reached.
        assert_eq!(m.value_pos(&[field("zone"), field("w")]), find(text, "(x", 0));
    }

    #[test]
    fn enum_variants_and_named_structs() {
        let text = "[Wall, Door(open: true), Floor(), Some(3), Pair(1, 2), Unit]";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[index(0)]), p(1, 2));
        assert_eq!(m.value_pos(&[index(1)]), find(text, "Door", 0));
        assert_eq!(m.value_pos(&[index(1), field("open")]), find(text, "true", 0));
        assert_eq!(m.len(&[index(1)]), Some(1));
        assert_eq!(m.len(&[index(2)]), Some(0));
        assert_eq!(m.value_pos(&[index(3), index(0)]), find(text, "3", 0));
        assert_eq!(m.value_pos(&[index(4), index(1)]), find(text, "2", 0));
        assert_eq!(m.value_pos(&[index(5)]), find(text, "Unit", 0));
        assert_eq!(m.len(&[index(0)]), None);
        assert_eq!(m.len(&[]), Some(6));
        // A field of a unit variant: the variant itself.
        assert_eq!(m.value_pos(&[index(0), field("x")]), p(1, 2));
        // A missing field of a named struct: its `(`, not its name.
        assert_eq!(m.value_pos(&[index(1), field("shut")]), find(text, "(open", 0));
    }

    #[test]
    fn unnamed_single_element_parens_are_looked_through_for_fields() {
        let text = "(a: ((x: 1)), b: Wrapper((y: 2)))";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("a"), field("x")]), find(text, "1", 0));
        assert_eq!(m.value_pos(&[field("b"), field("y")]), find(text, "2", 0));
        assert_eq!(m.value_pos(&[field("b"), index(0)]), find(text, "(y", 0));
    }

    #[test]
    fn attributes_tuples_numbers_and_trailing_commas() {
        let text = "#![enable(implicit_some)]\n#![enable(unwrap_newtypes)]\n\
                    (a: -3, b: 1.5, c: 0x1F, d: 1_000, e: 1e-5, f: -inf, g: (1, 2,), h: [],)\n";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[]), p(3, 1));
        assert_eq!(m.len(&[]), Some(8));
        assert_eq!(m.value_pos(&[field("a")]), find(text, "-3", 0));
        assert_eq!(m.value_pos(&[field("e")]), find(text, "1e-5", 0));
        assert_eq!(m.value_pos(&[field("f")]), find(text, "-inf", 0));
        assert_eq!(m.value_pos(&[field("g"), index(1)]), find(text, "2,)", 0));
        assert_eq!(m.len(&[field("g")]), Some(2));
        assert_eq!(m.len(&[field("h")]), Some(0));
        assert_eq!(m.value_pos(&[field("h"), index(0)]), find(text, "[]", 0));
    }

    #[test]
    fn crlf_line_endings() {
        let text = "(\r\n  a: 1,\r\n  b: 2,\r\n)\r\n";
        let m = SourceMap::new(text);
        assert_eq!(m.value_pos(&[field("b")]), p(3, 6));
        assert_eq!(m.key_pos(&[field("a")]), p(2, 3));
    }

    #[test]
    fn fallbacks() {
        for empty in ["", "   \n ", "// only a comment", "/* block */"] {
            let m = SourceMap::new(empty);
            assert_eq!(m.value_pos(&[]), p(1, 1));
            assert_eq!(m.value_pos(&[field("x"), index(2)]), p(1, 1));
            assert_eq!(m.key_pos(&[field("x")]), p(1, 1));
            assert_eq!(m.pos_in_string(&[field("x")], 3), p(1, 1));
            assert_eq!(m.len(&[]), None);
        }
        let m = SourceMap::new("\n\n   42");
        assert_eq!(m.value_pos(&[]), p(3, 4));
        assert_eq!(m.value_pos(&[index(0)]), p(3, 4));
        assert_eq!(m.len(&[]), None);
        // Not a string: pos_in_string is value_pos.
        let m = SourceMap::new("(a: 1, b: [\"x\"])");
        assert_eq!(m.pos_in_string(&[field("a")], 0), p(1, 5));
        assert_eq!(m.pos_in_string(&[field("b")], 0), p(1, 11));
        assert_eq!(m.pos_in_string(&[field("b"), index(1)], 0), p(1, 11));
        assert_eq!(m.pos_in_string(&[field("b"), index(0)], 0), p(1, 13));
        // Index paths: key_pos is value_pos.
        assert_eq!(m.key_pos(&[field("b"), index(0)]), p(1, 12));
        assert_eq!(m.key_pos(&[index(1)]), p(1, 11));
    }

    /// Every position must lie inside the text (or just after a line's last char).
    fn assert_sane(text: &str, pos: Pos) {
        let lines: Vec<&str> = text.split('\n').collect();
        assert!(pos.line >= 1 && pos.col >= 1, "{pos:?}");
        assert!(pos.line <= lines.len().max(1), "{pos:?}");
        let len = lines.get(pos.line - 1).map_or(0, |l| l.chars().count());
        assert!(pos.col <= len + 1, "{pos:?} beyond line of {len} chars");
    }

    fn exercise(text: &str) {
        let m = SourceMap::new(text);
        let paths: [&[Seg]; 8] = [
            &[],
            &[index(0)],
            &[index(0), index(0), index(0)],
            &[field("a")],
            &[field("a"), key("b"), index(usize::MAX)],
            &[key("#"), field("x")],
            &[index(1), index(0)],
            &[field("Some"), index(0), key("")],
        ];
        for path in paths {
            assert_sane(text, m.value_pos(path));
            assert_sane(text, m.key_pos(path));
            assert_sane(text, m.pos_in_string(path, 0));
            assert_sane(text, m.pos_in_string(path, 5));
            let _ = m.len(path);
        }
    }

    #[test]
    fn adversarial_inputs_do_not_panic() {
        let deep = "[".repeat(200_000);
        exercise(&deep);
        let m = SourceMap::new(&deep);
        let path = vec![index(0); 1000];
        assert_eq!(m.value_pos(&path), p(1, 1001));
        assert_eq!(m.value_pos(&[index(0), index(5)]), p(1, 2));

        exercise(&"(".repeat(200_000));
        exercise(&"Some(".repeat(50_000));
        exercise(&"{a:".repeat(100_000));
        exercise(&"([{".repeat(70_000));
        exercise(&format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)));
        exercise(&")]}".repeat(10_000));
        exercise(&"::,,:#!".repeat(10_000));
        exercise(&"r#".repeat(10_000));
        exercise(&format!("r{}\"{}", "#".repeat(10_000), "\"#".repeat(10_000)));
        for s in [
            "\"unterminated",
            "(a: \"unterminated \\",
            "(a: 'x",
            "/* unterminated /* nested */",
            "(a: 1 // line",
            "(a: r#\"raw",
            "(a: br",
            "(a: b'",
            "(a: \"\\u{FFFFFFFF}\\x\\xF0\\xff\", b: '\\",
            "(a: \"\\xC3\\xA9\\xE2\", b: 1)",
            "#",
            "#![",
            "-",
            "+.",
            ".5",
            "1e",
            "a:b:c:d",
            "(,,,:::)",
            "Some",
            "Some(",
            "Some(1, 2)",
            "\u{feff}(a: 1)",
            "\u{2028}\u{85}(a: 1)",
            "\r\r\r",
            "(x:\n\n\n",
        ] {
            exercise(s);
        }
    }

    #[test]
    fn random_bytes_do_not_panic() {
        // xorshift: deterministic, no dependencies.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"()[]{}:,\"'#!/*\\rb_aZ09.-+ \n\t\xc3\xa9\xf0\x9f";
        for round in 0..300 {
            let len = (next() % 400) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if round % 2 == 0 {
                        r as u8
                    } else {
                        alphabet[(r as usize) % alphabet.len()]
                    }
                })
                .collect();
            exercise(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn large_input_is_indexed() {
        let mut text = String::from("(units: [\n");
        for i in 0..100_000 {
            text.push_str(&format!(
                "    (id: \"u{i}\", at: ({i}, {}), note: /* c */ r#\"x\"#),\n",
                i + 1
            ));
        }
        text.push_str("])\n");
        let m = SourceMap::new(&text);
        assert_eq!(m.len(&[field("units")]), Some(100_000));
        assert_eq!(
            m.value_pos(&[field("units"), index(99_999), field("at"), index(1)]),
            p(100_001, 32)
        );
        let long_line = format!("[{}1]", "0, ".repeat(1_000_000));
        let m = SourceMap::new(&long_line);
        assert_eq!(m.value_pos(&[index(1_000_000)]), p(1, 3_000_002));
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        fn seg() -> impl Strategy<Value = Seg> {
            prop_oneof![
                (0usize..4).prop_map(index),
                "[a-z#]{0,2}".prop_map(|s| field(&s)),
                "[a-z#'\"]{0,2}".prop_map(|s| key(&s)),
            ]
        }

        proptest! {
            #[test]
            fn any_string_never_panics(
                text in any::<String>(),
                path in prop::collection::vec(seg(), 0..4),
                off in 0usize..8,
            ) {
                let m = SourceMap::new(&text);
                assert_sane(&text, m.value_pos(&path));
                assert_sane(&text, m.key_pos(&path));
                assert_sane(&text, m.pos_in_string(&path, off));
                let _ = m.len(&path);
            }

            #[test]
            fn ron_like_strings_never_panic(
                text in r#"([\[\](){}:,"'#!/*\\ rb_xaS0-9.\-+\n]|Some|r#"|//|/\*|\*/|\\u\{){0,120}"#,
                path in prop::collection::vec(seg(), 0..5),
                off in 0usize..8,
            ) {
                let m = SourceMap::new(&text);
                assert_sane(&text, m.value_pos(&path));
                assert_sane(&text, m.key_pos(&path));
                assert_sane(&text, m.pos_in_string(&path, off));
                let _ = m.len(&path);
            }
        }
    }
}
