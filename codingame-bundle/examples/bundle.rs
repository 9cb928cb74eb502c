//! A bot crate as one file for CodinGame, from the command line (what
//! `arena bundle` does):
//!
//! ```text
//! cargo run -p codingame-bundle --example bundle -- bots/yavalath/Cargo.toml bot.rs
//! ```

use codingame_bundle::{CODINGAME_LIMIT, bundle};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [manifest, out] = args.as_slice() else {
        eprintln!("usage: bundle PATH/TO/Cargo.toml OUTPUT.rs");
        return ExitCode::from(2);
    };
    let work = std::env::temp_dir().join(format!("codingame-bundle-{}", std::process::id()));
    let report = bundle(&PathBuf::from(manifest), None, &work, &PathBuf::from(out));
    let _ = std::fs::remove_dir_all(&work);
    match report {
        Ok(r) => {
            println!("{out}: {} characters (CodinGame takes at most {CODINGAME_LIMIT})", r.chars);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::FAILURE
        }
    }
}
