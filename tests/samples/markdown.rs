//! The samples of a Markdown page: its fenced blocks, what marks them, and the commands of a
//! `console` block with the output each is shown with.

/// How a fenced block is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A ```` ```console ```` block: commands run, their output compared.
    Console,
    /// A ```` ```console ```` block after `<!-- not run: REASON -->`: shown, not run.
    NotRun(String),
    /// A block after `<!-- screen: NAME -->`: an excerpt of the terminal screen NAME.
    Screen(String),
    /// Any other block: not a sample.
    Other,
}

/// A fenced block of a page.
#[derive(Debug, Clone)]
pub struct Block {
    /// The line of the opening fence, from 1.
    pub line: usize,
    /// What the block is.
    pub kind: Kind,
    /// Its lines, fences excluded.
    pub lines: Vec<String>,
}

/// One command of a console block and the output the page shows for it.
#[derive(Debug, Clone)]
pub struct Step {
    /// The line of its `$`, from 1.
    pub line: usize,
    /// The command as bash reads it (continuation lines included).
    pub command: String,
    /// The output lines shown, `[..]` and `...` included.
    pub expected: Vec<String>,
}

/// The fenced blocks of `text`.
pub fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        // A fence may be indented (in a list item); its lines are, as much.
        let opening = lines[at].trim_start();
        let indent = lines[at].len() - opening.len();
        let Some(info) = opening.strip_prefix("```") else {
            at += 1;
            continue;
        };
        let close = (at + 1..lines.len())
            .find(|&i| lines[i].trim() == "```")
            .ok_or_else(|| format!("line {}: a fence that never closes", at + 1))?;
        let marker = at.checked_sub(1).map_or("", |i| lines[i].trim());
        let unindented = |l: &&str| {
            let cut = l.len() - l.trim_start().len();
            l[cut.min(indent)..].to_string()
        };
        blocks.push(Block {
            line: at + 1,
            kind: kind(info.trim(), marker).map_err(|e| format!("line {}: {e}", at + 1))?,
            lines: lines[at + 1..close].iter().map(unindented).collect(),
        });
        at = close + 1;
    }
    Ok(blocks)
}

/// The block's kind from its info string and the line before its fence.
fn kind(info: &str, marker: &str) -> Result<Kind, String> {
    let comment = marker
        .strip_prefix("<!--")
        .and_then(|m| m.strip_suffix("-->"))
        .map(str::trim);
    let field = |name: &str| comment.and_then(|c| c.strip_prefix(name)).map(str::trim);
    if let Some(name) = field("screen:") {
        return Ok(Kind::Screen(name.to_string()));
    }
    match (info, field("not run:")) {
        ("console", Some("")) => Err("`not run:` without its reason".to_string()),
        ("console", Some(reason)) => Ok(Kind::NotRun(reason.to_string())),
        ("console", None) => Ok(Kind::Console),
        (_, Some(_)) => Err("`not run:` marks a console block only".to_string()),
        _ => Ok(Kind::Other),
    }
}

/// The commands of a console block that starts at `line`, each with its shown output. A
/// command ending in `\` goes on on the next line, as in bash.
pub fn steps(block: &Block) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    let mut continued = false;
    for (i, text) in block.lines.iter().enumerate() {
        let line = block.line + 1 + i;
        if continued {
            let step = steps.last_mut().expect("a command goes on");
            step.command.push('\n');
            step.command.push_str(text);
            continued = text.ends_with('\\');
        } else if let Some(command) = text.strip_prefix("$ ") {
            steps.push(Step {
                line,
                command: command.to_string(),
                expected: Vec::new(),
            });
            continued = command.ends_with('\\');
        } else {
            let step = steps
                .last_mut()
                .ok_or_else(|| format!("line {line}: output before the first `$ ` command"))?;
            step.expected.push(text.clone());
        }
    }
    if steps.is_empty() {
        return Err(format!(
            "line {}: a console block without a command",
            block.line
        ));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_markers_and_steps() {
        let page = "\
text
```console
$ sargon-z80 perft 1 \\
    startpos
b1a3: 1
...
$ echo $?
0
```
<!-- not run: it takes an hour -->
```console
$ sargon-z80 bench
```
<!-- screen: debugger-bestm -->
```text
│AF 0042
```
```sh
cargo test
```
- a list item:

  ```sh
  $ indented
  ```
";
        let blocks = blocks(page).unwrap();
        let kinds: Vec<&Kind> = blocks.iter().map(|b| &b.kind).collect();
        assert_eq!(
            kinds,
            [
                &Kind::Console,
                &Kind::NotRun("it takes an hour".to_string()),
                &Kind::Screen("debugger-bestm".to_string()),
                &Kind::Other,
                &Kind::Other
            ]
        );
        assert_eq!(blocks[4].lines, ["$ indented"]);
        let steps = steps(&blocks[0]).unwrap();
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].line, 3);
        assert_eq!(steps[0].command, "sargon-z80 perft 1 \\\n    startpos");
        assert_eq!(steps[0].expected, ["b1a3: 1", "..."]);
        assert_eq!(steps[1].command, "echo $?");
        assert!(super::blocks("```console\n$ x\n").is_err());
        assert!(super::blocks("<!-- not run: -->\n```console\n$ x\n```\n").is_err());
    }
}
