//! Lays out minimal RON text the way the shipped scenarios are written: the scenario's and
//! the map's fields one per line, map rows, legend entries, edges, sides, units, zones and
//! objectives one per line, anything else on one line when it fits in 100 columns, else
//! broken into lines (a long struct packs its short fields onto shared lines).

use super::cst::{Kind, Node};

/// The column lines are kept within where possible.
pub(crate) const WIDTH: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// One field per line.
    Lines,
    /// One item per line.
    Items,
    /// One line if it fits.
    Auto,
}

/// How the value at `path` (field names, `*` for an item) is laid out.
fn style(path: &[String]) -> Style {
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    match p.as_slice() {
        [] | ["map"] => Style::Lines,
        ["map", "rows" | "legend" | "edges"] | ["sides" | "units" | "zones" | "objectives"] => Style::Items,
        _ => Style::Auto,
    }
}

/// `node` on one line: `(a: 1, b: [2, 3])`.
pub(crate) fn compact(src: &str, node: &Node) -> String {
    if node.kind == Kind::Scalar {
        return node.text(src).to_string();
    }
    let parts: Vec<String> = node.entries.iter().map(|e| entry_compact(src, e)).collect();
    format!("{}{}{}", head(src, node), parts.join(", "), tail(src, node))
}

fn entry_compact(src: &str, e: &super::cst::Entry) -> String {
    match &e.key {
        Some(k) => format!("{}: {}", k.text(src), compact(src, &e.value)),
        None => compact(src, &e.value),
    }
}

/// The name and opening bracket.
fn head<'a>(src: &'a str, node: &Node) -> &'a str {
    src.get(node.start..node.open + 1).unwrap_or("")
}

fn tail<'a>(src: &'a str, node: &Node) -> &'a str {
    src.get(node.close..node.end).unwrap_or("")
}

/// `node` laid out for a place where the line is indented by `indent` spaces and the value
/// starts at column `col` (0-based).
pub(crate) fn render(src: &str, node: &Node, indent: usize, col: usize, path: &[String]) -> String {
    let style = style(path);
    let one_line = compact(src, node);
    if node.kind == Kind::Scalar
        || node.entries.is_empty()
        || (style == Style::Auto && col + one_line.chars().count() <= WIDTH)
    {
        return one_line;
    }
    let inner = indent + 4;
    let pad = " ".repeat(inner);
    let mut out = head(src, node).to_string();
    let packs = style == Style::Auto && node.is_struct();
    let mut line = String::new();
    let flush = |line: &mut String, out: &mut String| {
        if !line.is_empty() {
            out.push('\n');
            out.push_str(&pad);
            out.push_str(line);
            line.clear();
        }
    };
    for e in &node.entries {
        let mut sub = path.to_vec();
        sub.push(match &e.key {
            Some(k) if node.kind == Kind::Paren => k.text(src).to_string(),
            _ => "*".to_string(),
        });
        if packs {
            let piece = format!("{},", entry_compact(src, e));
            let width = piece.chars().count();
            if !line.is_empty() && inner + line.chars().count() + 1 + width <= WIDTH {
                line.push(' ');
                line.push_str(&piece);
                continue;
            }
            flush(&mut line, &mut out);
            if inner + width <= WIDTH {
                line = piece;
                continue;
            }
        }
        let key = e.key.as_ref().map(|k| format!("{}: ", k.text(src))).unwrap_or_default();
        let value = render(src, &e.value, inner, inner + key.chars().count(), &sub);
        line = format!("{key}{value},");
        flush(&mut line, &mut out);
    }
    flush(&mut line, &mut out);
    out.push('\n');
    out.push_str(&" ".repeat(indent));
    out.push_str(tail(src, node));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laid_out(text: &str, path: &[&str]) -> String {
        let doc = super::super::cst::parse(text).unwrap();
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        render(text, &doc.root, 8, 8, &path)
    }

    #[test]
    fn short_values_stay_on_one_line_and_lists_of_items_break() {
        assert_eq!(laid_out("(x:1,y:[1,2])", &["units", "*"]), "(x: 1, y: [1, 2])");
        assert_eq!(
            laid_out("[(id:\"a\"),(id:\"b\")]", &["sides"]),
            "[\n            (id: \"a\"),\n            (id: \"b\"),\n        ]"
        );
    }

    #[test]
    fn a_long_struct_packs_its_fields() {
        let y = "y".repeat(50);
        let long = format!("(name:\"{}\",a:1,b:2,c:[(n:\"{y}\"),(n:\"{y}\")])", "x".repeat(80));
        let out = laid_out(&long, &["units", "*"]);
        assert!(out.contains("\n            a: 1, b: 2,\n"), "{out}");
        assert!(out.contains("c: [\n                (n: "), "{out}");
        assert!(out.ends_with("\n        )"), "{out}");
    }
}
