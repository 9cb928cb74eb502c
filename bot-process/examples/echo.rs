//! Plays a few rounds with any program: sends it `round N`, waits up to a
//! second for each answer line, prints the answer and how long it took,
//! then stops the program with everything it started.
//!
//! ```text
//! cargo run -p bot-process --example echo -- "sh -c 'while read l; do echo \"ok $l\"; done'"
//! ```

use bot_process::{Process, check_program, split_command};
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let command = std::env::args().nth(1).unwrap_or_else(|| "cat".to_string());
    // Refused before anything starts: a program that is not there.
    if let Some(program) = split_command(&command).and_then(|w| w.into_iter().next()) {
        if let Err(e) = check_program(&program) {
            eprintln!("echo: cannot run {program}: {e}");
            return ExitCode::from(2);
        }
    }
    let mut bot = match Process::spawn(&command) {
        Ok(bot) => bot,
        Err(e) => {
            eprintln!("echo: {e}");
            return ExitCode::from(2);
        }
    };
    for round in 1..=3 {
        let sent = Instant::now();
        let answer = bot.send(&format!("round {round}\n")).and_then(|()| bot.read_line(sent + Duration::from_secs(1)));
        match answer {
            Ok(line) => println!("round {round}: {:?} in {:?}", String::from_utf8_lossy(&line), sent.elapsed()),
            Err(e) => {
                println!("round {round}: {} ({e})", e.kind());
                break;
            }
        }
    }
    bot.finish(None, Duration::from_millis(100));
    let stderr = bot.stderr();
    if !stderr.is_empty() {
        println!("stderr: {stderr}");
    }
    ExitCode::SUCCESS
}
