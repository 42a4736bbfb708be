//! The splice writer: walks the text the file was read from alongside the canonical text of
//! the file as read (`orig`) and as it is now (`new`), keeps the source text of every value
//! that did not change, and writes only the changed parts, from the minimal text of the new
//! file (`min`), laid out like the rest. Entries of lists and maps are matched so that an
//! untouched unit, side or legend entry keeps its text and comments even when others around
//! it are added, removed or edited.

use super::cst::{Doc, Entry, Kind, Node};
use super::render::render;

/// One text and a node in it.
#[derive(Clone, Copy)]
struct At<'a> {
    s: &'a str,
    n: &'a Node,
}

impl<'a> At<'a> {
    fn text(&self) -> &'a str {
        self.n.text(self.s)
    }

    fn with(&self, n: &'a Node) -> At<'a> {
        At { s: self.s, n }
    }

    fn some(&self) -> Option<At<'a>> {
        self.n.some_payload(self.s).map(|n| self.with(n))
    }

    fn field(&self, name: &str) -> Option<(usize, At<'a>)> {
        self.n.field(self.s, name).map(|(i, e)| (i, self.with(&e.value)))
    }

    fn name(&self) -> Option<&'a str> {
        self.n.name.and_then(|(a, b)| self.s.get(a..b))
    }
}

/// One entry of the written container, in order.
enum Piece {
    /// Source entry `i`, with its value replaced by the text given.
    Src(usize, Option<String>),
    /// A new entry's text (`key: value` or a value).
    New(String),
}

/// The four texts, indexed.
pub(crate) struct Inputs<'a> {
    pub src: &'a str,
    pub src_doc: &'a Doc,
    pub orig: &'a str,
    pub orig_doc: &'a Doc,
    pub new: &'a str,
    pub new_doc: &'a Doc,
    pub min: &'a str,
    pub min_doc: &'a Doc,
}

/// The source text with the changes spliced in.
pub(crate) fn splice(i: &Inputs) -> String {
    let root = &i.src_doc.root;
    let body = value(
        At { s: i.src, n: root },
        At {
            s: i.orig,
            n: &i.orig_doc.root,
        },
        At {
            s: i.new,
            n: &i.new_doc.root,
        },
        At {
            s: i.min,
            n: &i.min_doc.root,
        },
        &mut Vec::new(),
    );
    format!("{}{body}{}", &i.src[..root.start], &i.src[root.end..])
}

/// The text for the value now `n` (minimal `m`), that was `o` and is written `s`.
fn value(s: At, o: At, n: At, m: At, path: &mut Vec<String>) -> String {
    if o.text() == n.text() {
        return s.text().to_string();
    }
    if let (Some(oi), Some(ni)) = (o.some(), n.some()) {
        let mi = m.some().unwrap_or(m);
        return match s.some() {
            Some(si) => {
                let inner = value(si, oi, ni, mi, path);
                format!("{}{inner}{}", &s.s[s.n.start..si.n.start], &s.s[si.n.end..s.n.end])
            }
            None => value(s, oi, ni, mi, path),
        };
    }
    if s.n.kind != Kind::Scalar && s.n.entries.is_empty() {
        // An empty container is written afresh, in the layout its items get.
        return rendered(s, s.n.start, m, path);
    }
    let same_name = n.name().is_none_or(|name| s.name() == Some(name)) && o.name() == n.name();
    match (s.n.kind, n.n.kind) {
        (Kind::Paren, Kind::Paren)
            if same_name && s.n.is_struct() && o.n.is_struct() && n.n.is_struct() && m.n.kind == Kind::Paren =>
        {
            strukt(s, o, n, m, path)
        }
        (Kind::List, Kind::List) if o.n.kind == Kind::List && m.n.kind == Kind::List => list(s, o, n, m, path),
        (Kind::Map, Kind::Map) if o.n.kind == Kind::Map && m.n.kind == Kind::Map => map(s, o, n, m, path),
        _ => rendered(s, s.n.start, m, path),
    }
}

/// `m` laid out to stand at byte `at` of `s`.
fn rendered(s: At, at: usize, m: At, path: &[String]) -> String {
    let line_start = s.s[..at].rfind('\n').map_or(0, |k| k + 1);
    let line = &s.s[line_start..at];
    let indent = line.len() - line.trim_start().len();
    render(m.s, m.n, indent, line.chars().count(), path)
}

fn strukt(s: At, o: At, n: At, m: At, path: &mut Vec<String>) -> String {
    let mut slots: Vec<Option<Option<String>>> = vec![Some(None); s.n.entries.len()];
    // New fields go after the source entry of the field before them (None: first).
    let mut new_after: Vec<(Option<usize>, String)> = Vec::new();
    let mut anchor = None;
    let indent = item_indent(s);
    for e in &n.n.entries {
        let Some(name) = e.key_text(n.s) else {
            return rendered(s, s.n.start, m, path);
        };
        let nv = n.with(&e.value);
        let Some((_, ov)) = o.field(name) else {
            return rendered(s, s.n.start, m, path);
        };
        let sv = s.field(name);
        let mv = m.field(name);
        if ov.text() != nv.text() {
            path.push(name.to_string());
            match (sv, mv) {
                (Some((k, _)), None) => slots[k] = None,
                (Some((k, sv)), Some((_, mv))) => slots[k] = Some(Some(value(sv, ov, nv, mv, path))),
                (None, Some((_, mv))) => {
                    let text = render(mv.s, mv.n, indent, indent + name.len() + 2, path);
                    new_after.push((anchor, format!("{name}: {text}")));
                }
                (None, None) => {}
            }
            path.pop();
        }
        if let Some((k, _)) = sv {
            anchor = Some(k);
        }
    }
    let mut pieces = Vec::new();
    let take = |at: Option<usize>, pieces: &mut Vec<Piece>| {
        for (_, text) in new_after.iter().filter(|(a, _)| *a == at) {
            pieces.push(Piece::New(text.clone()));
        }
    };
    take(None, &mut pieces);
    for (k, slot) in slots.into_iter().enumerate() {
        if let Some(repl) = slot {
            pieces.push(Piece::Src(k, repl));
        }
        take(Some(k), &mut pieces);
    }
    assemble(s, pieces)
}

fn list(s: At, o: At, n: At, m: At, path: &mut Vec<String>) -> String {
    let (se, oe, ne, me) = (&s.n.entries, &o.n.entries, &n.n.entries, &m.n.entries);
    if se.len() != oe.len() || ne.len() != me.len() {
        return rendered(s, s.n.start, m, path);
    }
    let otext: Vec<&str> = oe.iter().map(|e| e.value.text(o.s)).collect();
    let ntext: Vec<&str> = ne.iter().map(|e| e.value.text(n.s)).collect();
    let matched = lcs(&otext, &ntext);
    let paired = pair(o, n, &matched);
    let indent = item_indent(s);
    path.push("*".into());
    let mut pieces = Vec::new();
    for j in 0..ne.len() {
        let piece = match (matched[j], paired[j]) {
            (Some(i), _) => Piece::Src(i, None),
            (None, Some(i)) => Piece::Src(
                i,
                Some(value(
                    s.with(&se[i].value),
                    o.with(&oe[i].value),
                    n.with(&ne[j].value),
                    m.with(&me[j].value),
                    path,
                )),
            ),
            (None, None) => Piece::New(render(m.s, &me[j].value, indent, indent, path)),
        };
        pieces.push(piece);
    }
    path.pop();
    assemble(s, pieces)
}

/// For each new item, the old item equal to it, along a longest common subsequence.
fn lcs(old: &[&str], new: &[&str]) -> Vec<Option<usize>> {
    let (a, b) = (old.len(), new.len());
    let mut out = vec![None; b];
    if a.saturating_mul(b) > 4_000_000 {
        // Too big for the table: match equal items greedily in order.
        let mut i = 0;
        for (j, t) in new.iter().enumerate() {
            if let Some(k) = old[i.min(a)..].iter().position(|o| o == t) {
                out[j] = Some(i + k);
                i += k + 1;
            }
        }
        return out;
    }
    // len[i][j]: LCS length of old[i..] and new[j..].
    let mut len = vec![0u32; (a + 1) * (b + 1)];
    let at = |i: usize, j: usize| i * (b + 1) + j;
    for i in (0..a).rev() {
        for j in (0..b).rev() {
            len[at(i, j)] = if old[i] == new[j] {
                len[at(i + 1, j + 1)] + 1
            } else {
                len[at(i + 1, j)].max(len[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < a && j < b {
        if old[i] == new[j] {
            out[j] = Some(i);
            i += 1;
            j += 1;
        } else if len[at(i + 1, j)] >= len[at(i, j + 1)] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// Pairs the unmatched new items with unmatched old ones that they are an edit of: items
/// with an `id` by equal id, others by position between the matched items around them.
fn pair(o: At, n: At, matched: &[Option<usize>]) -> Vec<Option<usize>> {
    let (oe, ne) = (&o.n.entries, &n.n.entries);
    let id = |a: At, e: &Entry| a.with(&e.value).field("id").map(|(_, v)| v.text().to_string());
    let mut used = vec![false; oe.len()];
    for i in matched.iter().flatten() {
        used[*i] = true;
    }
    let mut out = vec![None; ne.len()];
    for (j, e) in ne.iter().enumerate() {
        if matched[j].is_some() {
            continue;
        }
        if let Some(want) = id(n, e)
            && let Some(i) = (0..oe.len()).find(|&i| !used[i] && id(o, &oe[i]).as_ref() == Some(&want))
        {
            used[i] = true;
            out[j] = Some(i);
        }
    }
    // Between two matched items, the k-th unmatched new item edits the k-th unmatched old one.
    let mut next_old = 0;
    for j in 0..ne.len() {
        if let Some(i) = matched[j] {
            next_old = i + 1;
            continue;
        }
        if out[j].is_some() || id(n, &ne[j]).is_some() {
            continue;
        }
        let limit = matched[j..].iter().flatten().next().copied().unwrap_or(oe.len());
        if let Some(i) = (next_old..limit).find(|&i| !used[i] && id(o, &oe[i]).is_none()) {
            used[i] = true;
            out[j] = Some(i);
            next_old = i + 1;
        }
    }
    out
}

fn map(s: At, o: At, n: At, m: At, path: &mut Vec<String>) -> String {
    let keys = |a: At| -> Option<Vec<String>> {
        a.n.entries
            .iter()
            .map(|e| e.key.as_ref().and_then(|k| unquote(k.text(a.s))))
            .collect()
    };
    let (Some(sk), Some(ok), Some(nk)) = (keys(s), keys(o), keys(n)) else {
        return rendered(s, s.n.start, m, path);
    };
    let mut seen = std::collections::BTreeSet::new();
    if sk.len() != ok.len() || !sk.iter().all(|k| seen.insert(k)) || m.n.entries.len() != nk.len() {
        return rendered(s, s.n.start, m, path);
    }
    let indent = item_indent(s);
    path.push("*".into());
    let mut pieces = Vec::new();
    for (i, key) in sk.iter().enumerate() {
        let Some(j) = nk.iter().position(|k| k == key) else {
            continue;
        };
        let Some(oi) = ok.iter().position(|k| k == key) else {
            continue;
        };
        let (ov, nv) = (o.with(&o.n.entries[oi].value), n.with(&n.n.entries[j].value));
        let repl = (ov.text() != nv.text()).then(|| {
            value(
                s.with(&s.n.entries[i].value),
                ov,
                nv,
                m.with(&m.n.entries[j].value),
                path,
            )
        });
        pieces.push(Piece::Src(i, repl));
    }
    for (j, key) in nk.iter().enumerate() {
        if !sk.contains(key) {
            let e = &m.n.entries[j];
            let k = e.key.as_ref().map_or("", |k| k.text(m.s));
            let v = render(m.s, &e.value, indent, indent + k.chars().count() + 2, path);
            pieces.push(Piece::New(format!("{k}: {v}")));
        }
    }
    path.pop();
    assemble(s, pieces)
}

/// The value of a string or char literal key, for matching keys however they are written.
fn unquote(lit: &str) -> Option<String> {
    let q = lit.chars().next()?;
    if q != '\'' && q != '"' {
        return Some(lit.to_string());
    }
    let inner = lit.get(1..lit.len().checked_sub(1)?)?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            'u' => {
                let rest: String = chars.by_ref().take_while(|c| *c != '}').collect();
                let hex = rest.strip_prefix('{')?;
                out.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
            }
            'x' => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The indentation of the container's entries: that of the first entry starting a line,
/// else the container's line's plus four spaces.
fn item_indent_text<'a>(s: At<'a>) -> std::borrow::Cow<'a, str> {
    for e in &s.n.entries {
        let prefix = &s.s[e.chunk_start..e.body_start];
        if let Some(k) = prefix.rfind('\n') {
            return prefix[k + 1..].into();
        }
    }
    let line_start = s.s[..s.n.start].rfind('\n').map_or(0, |k| k + 1);
    let line = &s.s[line_start..];
    format!("{}    ", &line[..line.len() - line.trim_start().len()]).into()
}

/// The width of that indentation in columns (a tab counts as four).
fn item_indent(s: At) -> usize {
    item_indent_text(s).chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// Writes the container `s` with `pieces` as its entries, keeping the source text of the
/// entries it keeps (comments before them, their comma and a comment after).
fn assemble(s: At, pieces: Vec<Piece>) -> String {
    let (src, node) = (s.s, s.n);
    let entries = &node.entries;
    let body = |i: usize, repl: &Option<String>| -> String {
        let e = &entries[i];
        match repl {
            None => src[e.body_start..e.value.end].to_string(),
            Some(v) => format!("{}{v}", &src[e.body_start..e.value.start]),
        }
    };
    let unchanged = pieces.len() == entries.len()
        && pieces
            .iter()
            .enumerate()
            .all(|(k, p)| matches!(p, Piece::Src(i, _) if *i == k));
    if unchanged {
        // Only values changed: replace them where they stand.
        let mut out = String::new();
        let mut at = node.start;
        for p in &pieces {
            if let Piece::Src(i, Some(v)) = p {
                let e = &entries[*i];
                out.push_str(&src[at..e.value.start]);
                out.push_str(v);
                at = e.value.end;
            }
        }
        out.push_str(&src[at..node.end]);
        return out;
    }
    let head = &src[node.start..node.open + 1];
    let close = &src[node.close..node.end];
    if !node.multi_line(src) {
        let parts: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Src(i, repl) => body(*i, repl),
                Piece::New(t) => t.clone(),
            })
            .collect();
        return format!("{head}{}{close}", parts.join(", "));
    }
    let indent = item_indent_text(s);
    let emitted: std::collections::BTreeSet<usize> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Src(i, _) => Some(*i),
            Piece::New(_) => None,
        })
        .collect();
    // Whether a dropped entry just before source entry `i` began its own line.
    let lost_break = |i: usize| {
        (0..i)
            .rev()
            .take_while(|k| !emitted.contains(k))
            .any(|k| src[entries[k].chunk_start..entries[k].body_start].contains('\n'))
    };
    let mut out = head.to_string();
    let count = pieces.len();
    for (k, p) in pieces.iter().enumerate() {
        let last = k + 1 == count;
        match p {
            Piece::Src(i, repl) => {
                let e = &entries[*i];
                let prefix = &src[e.chunk_start..e.body_start];
                if !prefix.contains('\n') && (lost_break(*i) || k == 0 && *i != 0) {
                    out.push('\n');
                    out.push_str(&indent);
                    out.push_str(prefix.trim_start());
                } else {
                    out.push_str(prefix);
                }
                out.push_str(&body(*i, repl));
                if e.comma.is_none() && !last {
                    out.push(',');
                }
                out.push_str(&src[e.value.end..e.chunk_end]);
            }
            Piece::New(t) => {
                out.push('\n');
                out.push_str(&indent);
                out.push_str(t);
                out.push(',');
            }
        }
    }
    let tail_from = entries.last().map_or(node.open + 1, |e| e.chunk_end);
    out.push_str(&src[tail_from..node.close]);
    out.push_str(close);
    out
}
