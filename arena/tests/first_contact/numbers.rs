//! First contact: numbers and messages on the command line.

use crate::common::{self, refused};
use std::time::{Duration, Instant};

#[test]
fn a_series_or_bench_of_no_games_is_refused_naming_the_option() {
    for cmd in ["play", "bench"] {
        let e = refused(&[cmd, "nim", "--games", "0"]);
        assert_eq!(e, "error: invalid value '0' for '--games <GAMES>': expected a whole number, 1 or more", "{cmd}");
    }
    let e = refused(&["league", "nim", "no-league", "--games-per-pairing", "0"]);
    assert!(e.contains("'--games-per-pairing <N>': expected a whole number, 1 or more"), "{e}");
}

#[test]
fn a_bot_count_an_option_of_the_game_would_seat_names_that_option() {
    let four = ["play", "quoridor", "--bot", "random", "--bot", "random", "--bot", "random", "--bot", "random"];
    assert_eq!(
        refused(&four),
        "arena: quoridor with this configuration has 2 seats, not 4: give --bot 2 times (or --players 4 for 4 seats)"
    );
    // Three seats no value of --players gives, and a game without the option: no hint.
    let three = refused(&four[..8]);
    assert_eq!(three, "arena: quoridor with this configuration has 2 seats, not 3: give --bot 2 times");
    assert_eq!(
        refused(&["play", "yavalath", "--bot", "random"]),
        "arena: yavalath with this configuration has 2 seats, not 1: give --bot 2 times"
    );
}

#[test]
fn negative_numbers_are_read_as_numbers_and_refused_saying_what_the_option_takes() {
    for (args, expected) in [
        (&["play", "nim", "--games", "-3"][..], "'--games <GAMES>': expected a whole number, 1 or more"),
        (&["play", "nim", "--seed", "-1"], "'--seed <SEED>': expected a whole number, 0 or more"),
        (&["bench", "nim", "--jobs", "-2"], "'--jobs <JOBS>': expected a whole number from 1 to 64, or `auto`"),
        (
            &["play", "nim", "--time-factor", "-1"],
            "'--time-factor <TIME_FACTOR>': expected a number from 0.001 to 1000",
        ),
        (&["play", "quoridor", "--players", "-2"], "'--players <PLAYERS>': Quoridor is played by 2 or 4 players"),
        (&["render", "x.json", "--svg", "x.svg", "--ply", "-1"], "'--ply <PLY>': expected a whole number, 0 or more"),
        (&["league", "nim", "no-league", "--minutes", "-5"], "'--minutes <M>': expected a positive number of minutes"),
    ] {
        let e = refused(args);
        assert!(e.contains(expected), "{args:?}: {e}");
        assert!(!e.contains("unexpected argument"), "{args:?}: {e}");
    }
}

#[test]
fn numbers_too_large_or_not_numbers_are_refused_naming_the_largest() {
    let e = refused(&["play", "nim", "--games", "99999999999999999999"]);
    assert!(e.ends_with("'--games <GAMES>': too large: at most 18446744073709551615"), "{e}");
    let e = refused(&["play", "nim", "--max-take", "300"]);
    assert!(e.ends_with("'--max-take <MAX_TAKE>': too large: at most 255"), "{e}");
    let e = refused(&["play", "nim", "--games", "1.5"]);
    assert!(e.ends_with("'--games <GAMES>': expected a whole number, 1 or more"), "{e}");
    let e = refused(&["play", "nim", "--jobs", "1000000"]);
    assert!(e.ends_with("expected a whole number from 1 to 64, or `auto`"), "{e}");
    for factor in ["0", "nan", "inf", "5000"] {
        let e = refused(&["play", "nim", "--time-factor", factor]);
        assert!(e.ends_with("expected a number from 0.001 to 1000 (1: the rules' time limits)"), "{factor}: {e}");
    }
    let e = refused(&["play", "nim", "--pile", "0"]);
    assert!(e.ends_with("'--pile <PILE>': expected a whole number from 1 to 255"), "{e}");
}

#[test]
fn a_shard_that_does_not_exist_names_the_shards_that_do() {
    let e = refused(&["play", "nim", "--games", "8", "--shard", "4/4"]);
    assert_eq!(e, "arena: shard 4 of 4 does not exist: the shards of 4 are numbered 0 to 3");
    let e = refused(&["play", "nim", "--shard", "0/0"]);
    assert_eq!(e, "arena: --shard 0/0: a series is cut into 1 shard or more");
}

#[test]
fn a_shard_with_no_game_of_the_series_is_refused_not_reported_as_played() {
    let e = refused(&["play", "nim", "--games", "3", "--shard", "5/10"]);
    assert_eq!(e, "arena: --shard 5/10: this shard has no game of a series of 3 (its first would be game 5)");
}

#[test]
fn a_shard_of_a_huge_series_plays_its_games_without_walking_the_others() {
    let t = Instant::now();
    let (out, _) =
        common::run(&["play", "nim", "--games", "18446744073709551615", "--shard", "0/9223372036854775808"], "");
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("2 games of nim"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

#[test]
fn search_numbers_a_bot_cannot_use_are_refused_naming_the_option_and_its_range() {
    for (bot, expected) in [
        ("mcts:iters=0", "iters: expected a whole number from 1 to 4294967295"),
        ("mcts:ms=-5", "ms: expected a whole number, 1 or more"),
        ("mcts:c=-1", "c: expected a number, 0 or more"),
        ("mcts:rollout=x", "rollout: expected a whole number from 0 to 4294967294"),
        ("alphabeta:depth=0", "depth: expected a whole number from 1 to 8"),
        ("alphabeta:iters=3", "no option iters (its options: depth, ms)"),
    ] {
        let e = refused(&["play", "yavalath", "--bot", bot, "--bot", "random"]);
        assert_eq!(e, format!("arena: bot {bot:?}: {expected}"), "{bot}");
    }
}

#[test]
fn an_alphabeta_depth_the_search_cannot_finish_is_refused_at_once() {
    let t = Instant::now();
    let e = refused(&["play", "yavalath", "--bot", "alphabeta:depth=1000", "--bot", "random"]);
    assert!(e.starts_with("arena: bot \"alphabeta:depth=1000\": depth: too large: at most 8"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(10));
}

/// The first problem line `arena play GAME` prints for a bot that answers
/// `hello world` to everything (one line a turn; `lines` a turn for
/// Parallel Football's footballers).
#[cfg(unix)] // The bot is an `sh` script.
fn first_problem(game: &str, seats: usize, lines: usize, record: Option<&std::path::Path>) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let say = "echo 'hello world'; ".repeat(lines);
    let bot = common::script(dir.path(), "hello.sh", &format!("while read l; do {say}done"));
    let mut args = vec!["play".to_string(), game.into(), "--bot".into(), bot];
    args.extend(std::iter::repeat_n(["--bot".to_string(), "random".into()], seats - 1).flatten());
    if let Some(r) = record {
        args.extend(["--record".into(), r.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (out, _) = common::run(&args, "");
    let text = common::stdout(&out);
    let first = text.lines().find(|l| l.starts_with("  seat 0 turn ")).unwrap_or_else(|| panic!("{text}"));
    (first.to_string(), text)
}

#[cfg(unix)]
#[test]
fn an_unreadable_answer_is_one_message_naming_the_token_that_is_wrong() {
    for (game, seats, lines, expected) in [
        ("yavalath", 2, 1, "unreadable: answer \"hello world\": `hello` is not an integer (`x y` is two integers)"),
        (
            "quoridor",
            2,
            1,
            "unreadable: answer \"hello world\": `hello` is not an integer (`x y` or `x y v` are integers)",
        ),
        (
            "paper-soccer",
            2,
            1,
            "bad-character: answer \"hello world\": character 'h' at position 0 is not a direction digit",
        ),
        ("parallel-football", 4, 4, "unreadable-line: line 1: \"hello world\" is not `x y` (starts on its home)"),
    ] {
        let (line, _) = first_problem(game, seats, lines, None);
        assert_eq!(line, format!("  seat 0 turn 1: {expected}"), "{game}");
        assert_eq!(line.matches("hello world").count(), 1, "the answer is named once: {line}");
    }
}

#[cfg(unix)]
#[test]
fn more_problems_than_shown_point_to_the_record_only_when_there_is_one() {
    let (_, text) = first_problem("quoridor", 2, 1, None);
    assert!(text.contains(" more (--record DIR keeps them all)\n"), "{text}");
    assert!(!text.contains("in the record"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let (_, text) = first_problem("quoridor", 2, 1, Some(&dir.path().join("rec")));
    assert!(text.contains(" more (all in the record)\n"), "{text}");
}

#[test]
fn a_long_bench_without_a_terminal_says_what_it_runs_and_a_short_one_says_nothing_on_stderr() {
    // A bench of about 8 s here, at least 2 s on a machine four times as
    // fast, stopped once it has said what it runs (2 s in): its first line
    // on stderr names the bench. Bounded: were the line never written, the
    // bench would end and the read would return nothing.
    use std::io::BufRead;
    let mut child = common::arena()
        .args(["bench", "parallel-football", "--games", "500", "--max-turns", "2000"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("arena starts");
    let mut first = String::new();
    let read = std::io::BufReader::new(child.stderr.take().expect("stderr")).read_line(&mut first);
    let _ = child.kill();
    let _ = child.wait();
    read.expect("stderr is read");
    assert!(first.starts_with("arena: bench parallel-football: 500 random games (seed 1): "), "{first}");
    assert!(first.ends_with(" played in 2 s\n"), "{first}");
    // A short one says nothing on stderr, and its report on stdout.
    let (out, _) = common::run(&["bench", "nim", "--games", "100"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(common::stdout(&out).starts_with("nim: 100 random games (seed 1) in "), "{}", common::stdout(&out));
}

#[test]
fn game_options_outside_the_games_ranges_are_refused_naming_the_option() {
    let e = refused(&["play", "parallel-football", "--p", "0"]);
    assert_eq!(e, "error: invalid value '0' for '--p <P>': expected a whole number from 1 to 1024");
    let e = refused(&["play", "parallel-football", "--k", "47"]);
    assert_eq!(e, "error: invalid value '47' for '--k <K>': too large: at most 46");
    let e = refused(&["play", "quoridor", "--players", "3"]);
    assert_eq!(e, "error: invalid value '3' for '--players <PLAYERS>': Quoridor is played by 2 or 4 players");
}
