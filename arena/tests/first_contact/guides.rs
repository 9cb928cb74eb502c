//! First contact: the guides. What the guides list (built-in bots,
//! commands, options) matches what the real `arena` binary says in its
//! help, every `arena` command line they show is one the binary accepts, the
//! examples say how to run them, the fuzzing guide's dependencies work
//! outside the repository, and the demonstration explains its boards and
//! names every command.
//!
//! The commands of the guides come from `.ci/run-guide.py --json`, the
//! runner CI uses to run each of them as written.

use crate::common;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("arena/ is in the repository").to_path_buf()
}

/// A file of the repository as text.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `arena ARGS` (a help text), which must succeed.
fn arena_out(args: &[&str]) -> String {
    let (out, _) = common::run(args, "");
    assert!(out.status.success(), "arena {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    common::stdout(&out)
}

/// One command of a guide, as the guide runner finds it.
struct GuideCommand {
    guide: String,
    command: String,
    words: Vec<String>,
}

/// Every command of every guide, from `.ci/run-guide.py --json`.
fn guide_commands() -> Vec<GuideCommand> {
    let out = Command::new("python3")
        .arg(root().join(".ci/run-guide.py"))
        .arg("--json")
        .output()
        .expect("python3 runs the guide runner");
    assert!(out.status.success(), "run-guide.py --json: {}", String::from_utf8_lossy(&out.stderr));
    let list: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).expect("run-guide.py --json prints JSON");
    list.iter()
        .map(|c| GuideCommand {
            guide: c["guide"].as_str().unwrap().to_string(),
            command: c["command"].as_str().unwrap().to_string(),
            words: c["words"].as_array().unwrap().iter().map(|w| w.as_str().unwrap().to_string()).collect(),
        })
        .collect()
}

/// The subcommands `arena --help` lists (without `help`).
fn help_commands() -> Vec<String> {
    let help = arena_out(&["--help"]);
    let section = help.split("Commands:").nth(1).expect("arena --help has a Commands section");
    section
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(str::to_string)
        .collect()
}

/// The games `arena play --help` lists.
fn help_games() -> Vec<String> {
    arena_out(&["play", "--help"])
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect()
}

/// The built-in bots of `arena play --help`, each with the games that have
/// it.
fn help_bots() -> BTreeMap<String, BTreeSet<String>> {
    let help = arena_out(&["play", "--help"]);
    let games = help_games();
    let section = help.split("--bot <SPEC>").nth(1).expect("play --help documents --bot");
    let mut bots: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in section.lines().map(str::trim).take_while(|l| !l.starts_with("External programs")) {
        let Some((who, what)) = line.split_once(": ") else { continue };
        let for_games: Vec<String> = if who == "Every game" {
            games.clone()
        } else {
            games.iter().filter(|g| who.split([' ', ',']).any(|w| w == g.as_str())).cloned().collect()
        };
        for item in what.trim_start_matches("also ").split("; ") {
            let name: String = item.chars().take_while(char::is_ascii_lowercase).collect();
            if !name.is_empty() {
                bots.entry(name).or_default().extend(for_games.iter().cloned());
            }
        }
    }
    assert!(bots.len() >= 2, "no bots found in arena play --help:\n{help}");
    bots
}

/// The options (`--name`) of `arena CMD --help`, each with whether it takes
/// a value, and the usage line's positional arguments (`<GAME>`, `[FILE]`,
/// `<DIRS>...`).
fn help_options(cmd: &str) -> (BTreeMap<String, bool>, Vec<String>) {
    let help = arena_out(&[cmd, "--help"]);
    let mut options = BTreeMap::new();
    for line in help.lines() {
        let line = line.trim_start();
        let line = line.strip_prefix("-h, ").or_else(|| line.strip_prefix("-o, ")).unwrap_or(line);
        if let Some(rest) = line.strip_prefix("--") {
            let name: String = rest.chars().take_while(|&c| c.is_ascii_alphanumeric() || c == '-').collect();
            options.insert(format!("--{name}"), rest[name.len()..].starts_with(" <"));
        }
    }
    let usage = help.lines().find_map(|l| l.strip_prefix("Usage: ")).expect("a usage line");
    // `arena CMD [OPTIONS] --svg <OUT.svg> <RECORD>`: the positionals follow the required options.
    let mut words = usage.split_whitespace().skip(2).filter(|w| *w != "[OPTIONS]");
    let mut positionals = Vec::new();
    while let Some(w) = words.next() {
        if w.starts_with("--") {
            words.next();
        } else {
            positionals.push(w.to_string());
        }
    }
    (options, positionals)
}

/// The arena invocations of a command line (`arena ARGS`, `cargo run
/// [--release] -p arena [-- ARGS]`), as their arguments.
fn arena_invocations(words: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for part in words.split(|w| ["|", "||", "&&", ";"].contains(&w.as_str())) {
        let program: Vec<&str> = part.iter().map(String::as_str).skip_while(|w| w.contains('=')).collect();
        if program.first() == Some(&"arena") {
            found.push(program[1..].iter().map(|w| (*w).to_string()).collect());
        } else if program.starts_with(&["cargo", "run"]) && program.windows(2).any(|w| w == ["-p", "arena"]) {
            let args = program.iter().position(|w| *w == "--").map_or(&[][..], |i| &program[i + 1..]);
            found.push(args.iter().map(|w| (*w).to_string()).collect());
        }
    }
    found
}

#[test]
fn every_built_in_bot_of_play_help_is_in_docs_arena_with_its_games() {
    let listed = help_bots();
    let games = help_games();
    let doc = read("docs/arena.md");
    let bullet = doc.split("* built-in bots").nth(1).expect("docs/arena.md has a 'built-in bots' bullet");
    let bullet = &bullet[..bullet.find("\n* ").unwrap_or(bullet.len())];
    // `name...` spans, each group followed by its games in parentheses.
    let mut documented: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut pending = Vec::new();
    let mut rest = bullet;
    while let Some(i) = rest.find(['`', '(']) {
        if rest[i..].starts_with('`') {
            let span = &rest[i + 1..];
            let end = span.find('`').expect("a closed code span");
            pending.push(span[..end].chars().take_while(char::is_ascii_lowercase).collect::<String>());
            rest = &span[end + 1..];
        } else {
            let inside = &rest[i + 1..];
            let end = inside.find(')').expect("a closed parenthesis");
            let named: BTreeSet<String> = if inside[..end].contains("every game") {
                games.iter().cloned().collect()
            } else {
                games.iter().filter(|g| inside[..end].contains(g.as_str())).cloned().collect()
            };
            for name in pending.drain(..) {
                documented.entry(name).or_default().extend(named.iter().cloned());
            }
            rest = &inside[end + 1..];
        }
    }
    assert_eq!(documented, listed, "docs/arena.md's built-in bots (left) differ from arena play --help's (right)");
}

#[test]
fn every_command_of_arena_help_is_named_in_docs_arena_and_the_readme() {
    let commands = help_commands();
    assert_eq!(commands.len(), 11, "{commands:?}");
    let doc = read("docs/arena.md");
    let readme = read("README.md");
    let arena_row = readme.lines().find(|l| l.starts_with("| [`arena`]")).expect("the README's crate table has arena");
    for c in &commands {
        assert!(doc.contains(&format!("`arena {c}")), "docs/arena.md never names `arena {c}`");
        assert!(arena_row.contains(&format!("`{c}`")), "the README's arena row does not name `{c}`: {arena_row}");
    }
}

#[test]
fn every_option_docs_arena_names_is_an_option_of_arena() {
    let all: BTreeSet<String> = help_commands().iter().flat_map(|c| help_options(c).0.into_keys()).collect();
    let doc = read("docs/arena.md");
    // The code spans that are an arena command or an option, up to a quoted
    // value (`--bot "cmd:./my-bot --fast"`).
    let named: BTreeSet<String> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.starts_with("arena ") || span.starts_with("--"))
        .flat_map(|span| span.split_whitespace().take_while(|w| !w.contains('"')))
        .filter_map(|w| w.split('=').next().filter(|w| w.starts_with("--") && w.len() > 2))
        .map(str::to_string)
        .collect();
    assert!(named.len() > 10, "{named:?}");
    let unknown: Vec<&String> = named.difference(&all).collect();
    assert!(unknown.is_empty(), "docs/arena.md names options no command has: {unknown:?}");
}

#[test]
fn documented_arena_command_lines_use_real_commands_options_arguments_and_bots() {
    let commands = help_commands();
    let games = help_games();
    let bots = help_bots();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for gc in guide_commands() {
        for args in arena_invocations(&gc.words) {
            checked += 1;
            let Some(cmd) = args.first() else { continue };
            if !commands.contains(cmd) {
                wrong.push(format!("{}: `{}`: no command {cmd:?}", gc.guide, gc.command));
                continue;
            }
            let (options, positionals) = help_options(cmd);
            let mut given = Vec::new();
            let mut bot_specs = Vec::new();
            let mut words = args[1..].iter();
            while let Some(w) = words.next() {
                if let Some(flag) = w.strip_prefix("--").map(|f| format!("--{}", f.split('=').next().unwrap_or(f))) {
                    match options.get(&flag) {
                        None => wrong.push(format!("{}: `{}`: arena {cmd} has no option {flag}", gc.guide, gc.command)),
                        Some(true) if !w.contains('=') => {
                            let value = words.next().cloned().unwrap_or_default();
                            if flag == "--bot" {
                                bot_specs.push(value);
                            }
                        }
                        Some(_) => {}
                    }
                } else if w.starts_with('-') && w.len() > 1 {
                    let known = options.keys().any(|o| help_short(cmd, w, o));
                    if !known {
                        wrong.push(format!("{}: `{}`: arena {cmd} has no option {w}", gc.guide, gc.command));
                    }
                    words.next();
                } else {
                    given.push(w.clone());
                }
            }
            let many = positionals.iter().any(|p| p.ends_with("..."));
            let required = positionals.iter().filter(|p| p.starts_with('<')).count();
            if given.len() < required || (!many && given.len() > positionals.len()) {
                wrong.push(format!(
                    "{}: `{}`: arena {cmd} takes {} but is given {given:?}",
                    gc.guide,
                    gc.command,
                    positionals.join(" ")
                ));
                continue;
            }
            if positionals.first().map(String::as_str) == Some("<GAME>") {
                let game = &given[0];
                if !games.contains(game) {
                    wrong.push(format!("{}: `{}`: no game {game:?}", gc.guide, gc.command));
                }
                for spec in &bot_specs {
                    let spec =
                        spec.split_once(',').filter(|(n, _)| n.starts_with("name=")).map_or(spec.as_str(), |p| p.1);
                    if spec.starts_with("cmd:") {
                        continue;
                    }
                    let name: String = spec.chars().take_while(char::is_ascii_lowercase).collect();
                    if !bots.get(&name).is_some_and(|g| g.contains(game)) {
                        wrong.push(format!("{}: `{}`: {game} has no built-in bot {name:?}", gc.guide, gc.command));
                    }
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} arena command lines found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every built-in bot spec of a documented `play` or `league` command, with
/// its game, the game's flags of the command (`--players 4`) and where it
/// is written.
fn documented_built_in_specs() -> BTreeSet<(String, Vec<String>, String, String)> {
    let mut found = BTreeSet::new();
    for gc in guide_commands() {
        for args in arena_invocations(&gc.words) {
            if !matches!(args.first().map(String::as_str), Some("play" | "league")) || args.len() < 2 {
                continue;
            }
            let flags: Vec<String> = args
                .windows(2)
                .filter(|w| ["--players", "--p", "--k", "--max-turns", "--max-ticks"].contains(&w[0].as_str()))
                .flat_map(|w| w.to_vec())
                .collect();
            let time: Vec<String> =
                args.windows(2).filter(|w| w[0] == "--time-factor").flat_map(|w| w.to_vec()).collect();
            for w in args.windows(2).filter(|w| w[0] == "--bot") {
                let spec = &w[1];
                let bare = spec.split_once(',').filter(|(n, _)| n.starts_with("name=")).map_or(spec.as_str(), |p| p.1);
                if !bare.starts_with("cmd:") {
                    let flags = [&flags[..], &time[..]].concat();
                    found.insert((args[1].clone(), flags, spec.clone(), format!("{}: `{}`", gc.guide, gc.command)));
                }
            }
        }
    }
    found
}

/// Every built-in bot spec the guides write is accepted for its game
/// before any game, its budget included (an `ms=N` the clock does not
/// leave, less the arena's margin, is refused): `arena play` is given the
/// spec and a program that cannot start, and must refuse the program, not
/// the spec. (CI's guide runner, `.ci/run-guide.py`, then runs each
/// command and fails on a failed-answer table counting a time-out.)
#[test]
fn every_documented_bot_spec_is_accepted_by_its_game_with_its_budget() {
    let missing = root().join("no-such-directory/no-such-bot");
    let missing = format!("cmd:{}", missing.display());
    let specs = documented_built_in_specs();
    assert!(specs.iter().any(|s| s.2.contains("ms=")), "no documented ms=N budget found: {specs:?}");
    let mut wrong = Vec::new();
    for (game, flags, spec, at) in &specs {
        let mut args = vec!["play", game.as_str()];
        args.extend(flags.iter().map(String::as_str));
        args.extend(["--bot", spec.as_str(), "--bot", missing.as_str()]);
        let (out, _) = common::run(&args, "");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        if !err.contains("no-such-bot") || !err.contains("cannot start") {
            wrong.push(format!("{at}: {spec}: {}", err.lines().next().unwrap_or_default()));
        }
    }
    assert!(wrong.is_empty(), "documented specs refused:\n{}", wrong.join("\n"));
}

/// Whether `short` (`-o`) is the short form of `long` in `arena CMD --help`.
fn help_short(cmd: &str, short: &str, long: &str) -> bool {
    arena_out(&[cmd, "--help"]).lines().any(|l| l.trim_start().starts_with(&format!("{short}, {long}")))
}

#[test]
fn every_example_shows_in_its_doc_comment_how_to_run_it() {
    let commands = guide_commands();
    let mut examples = 0;
    for krate in ["paper-soccer", "yavalath", "quoridor", "parallel-football"] {
        let manifest = read(&format!("{krate}/Cargo.toml"));
        let name = manifest
            .split("[[example]]")
            .nth(1)
            .and_then(|e| e.lines().find_map(|l| l.strip_prefix("name = ")))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap_or_else(|| panic!("{krate} has an example"));
        let guide = format!("{krate}/examples/bot.rs");
        let shown: Vec<&GuideCommand> = commands.iter().filter(|c| c.guide == guide).collect();
        let builds = shown.iter().any(|c| c.command.contains(&format!("--example {name}")));
        let plays = shown.iter().any(|c| {
            arena_invocations(&c.words).iter().any(|a| a.iter().any(|w| w.contains(&format!("examples/{name}"))))
        });
        assert!(builds && plays, "{guide}: its doc comment's text block neither builds nor plays {name}: {:?}", {
            shown.iter().map(|c| c.command.as_str()).collect::<Vec<_>>()
        });
        examples += 1;
    }
    assert_eq!(examples, 4);
}

#[test]
fn fuzzing_guide_depends_on_the_crates_by_path_and_by_the_repository_git_url() {
    let guide = read("docs/fuzzing.md");
    let block = guide.split("```toml\n").nth(1).and_then(|b| b.split("```").next()).expect("a TOML block");
    let workspace = read("Cargo.toml");
    let repository = workspace
        .lines()
        .find_map(|l| l.strip_prefix("repository = "))
        .expect("the workspace has a repository")
        .trim_matches('"');
    for krate in ["game-core", "quoridor"] {
        let line = |form: &str| {
            block.lines().find(|l| l.trim_start_matches("# ").starts_with(&format!("{krate} = {{ {form}")))
        };
        let path = line("path").unwrap_or_else(|| panic!("no path dependency on {krate}:\n{block}"));
        assert!(path.contains(&format!("path = \"../bot-games/{krate}\"")), "{path}");
        let git = line("git").unwrap_or_else(|| panic!("no git dependency on {krate}:\n{block}"));
        assert!(git.contains(&format!("git = \"{repository}\"")), "{git} is not the workspace's repository");
    }
    assert!(!block.contains("version = "), "the crates are not on crates.io:\n{block}");
}

#[test]
fn fuzz_lock_file_is_current_with_the_workspace_crates() {
    let out = Command::new(env!("CARGO"))
        .args(["fetch", "--locked", "--manifest-path"])
        .arg(root().join("fuzz/Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "fuzz/Cargo.lock is out of date (fuzz/run.sh would stop): {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The demonstration's output, split at each game's `== game (bots) ==`.
fn demo_sections() -> (String, Vec<String>) {
    let out = arena_out(&[]);
    let sections = out.split("\n== ").skip(1).map(str::to_string).collect();
    (out, sections)
}

#[test]
fn demo_prints_a_legend_under_every_board_naming_player_0() {
    let (out, sections) = demo_sections();
    assert_eq!(sections.len(), 4, "{out}");
    for s in sections {
        let game = s.split_whitespace().next().unwrap_or_default().to_string();
        let lines: Vec<&str> = s.lines().collect();
        let legend = lines.iter().position(|l| l.starts_with("legend: "));
        let result = lines.iter().position(|l| l.starts_with("result: "));
        let (Some(legend), Some(result)) = (legend, result) else { panic!("{game}: no legend or no result:\n{s}") };
        assert!(legend < result && legend > 2, "{game}: the legend is not under the board:\n{s}");
        assert!(lines[legend].contains("player 0") || lines[legend].contains("players 0"), "{}", lines[legend]);
        // Each mark the legend explains is on the board or about it.
        let board = lines[1..legend].join("\n");
        let marks = lines[legend].split("; ").filter_map(|m| m.strip_prefix("legend: ").or(Some(m)));
        for mark in marks.filter_map(|m| m.split_whitespace().next()).filter(|m| m.chars().count() == 1) {
            assert!(
                board.contains(mark) || ["+", "*", "#", "X"].contains(&mark),
                "{game}: the legend explains {mark:?}, which the board never shows:\n{s}"
            );
        }
    }
}

#[test]
fn demo_ends_naming_every_command_of_arena_help() {
    let (out, _) = demo_sections();
    let last = out.lines().last().unwrap_or_default();
    for c in help_commands() {
        assert!(last.split(|ch: char| !ch.is_ascii_alphanumeric() && ch != '-').any(|w| w == c), "{c} not in {last:?}");
    }
}

/// What the README's and docs/arena.md's league commands do when the first
/// one is stopped (Ctrl-C) in the middle of a round: the continuous league
/// after it finishes that round with the pairing's own seat order (bots
/// listed out of name order in bots.txt).
#[test]
fn league_continues_a_round_robin_stopped_mid_round() {
    let dir = tempfile::tempdir().unwrap();
    let league = dir.path().join("league");
    let league = league.to_str().unwrap();
    let bots = ["--bot", "name=v1,random", "--bot", "name=mcts,mcts:iters=20"];
    let (out, _) =
        common::run(&[&["league", "yavalath", league][..], &bots, &["--games-per-pairing", "2"]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // A run stopped after the first game of the round.
    std::fs::remove_file(dir.path().join("league/mcts+v1/yavalath-00001.json")).unwrap();
    let (out, _) = common::run(&["league", "yavalath", league, "--games", "4"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(common::stdout(&out).contains("4 games, 2 bots"), "{}", common::stdout(&out));
}
