//! Every Paper Soccer text reader on arbitrary input, and whole turns played
//! on reachable positions: a value or a typed error, never a panic; a
//! refused turn changes nothing; position text round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use paper_soccer::{PaperSoccer, Turn, protocol};

fuzz_target!(|data: &[u8]| {
    let Some((&split, rest)) = data.split_first() else { return };
    let mut bytes = rest;
    let _ = protocol::read_start(&mut bytes);
    let _ = protocol::read_turn(&mut bytes);
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    let _ = text.parse::<Turn>();
    let (a, b) = text.split_at(text.char_indices().nth(usize::from(split)).map_or(text.len(), |(i, _)| i));
    let _ = protocol::read_turn(&mut format!("{a}\n{b}").as_bytes());
    // A reachable position from the first bytes, then the rest as a turn.
    let indices: Vec<u16> = rest.iter().take(usize::from(split % 32)).map(|&b| u16::from(b)).collect();
    let board = game_core::testing::state_from_indices(&PaperSoccer::default(), &indices);
    if let Ok(turn) = protocol::parse_answer(&board, b.as_bytes()) {
        let after = board.after_turn_steps(&turn).expect("an accepted answer replays");
        assert!(after != board, "an accepted turn draws lines");
    }
    let _ = protocol::parse_answer(&board, rest);
    let mut copy = board;
    if copy.play_turn(b).is_err() {
        assert!(copy == board, "a refused turn changed the board");
    }
    let judged = protocol::judge_record(&PaperSoccer::default(), text);
    let _ = judged.illegal;
    if let Ok(pos) = text.parse::<PaperSoccer>() {
        let again: PaperSoccer = pos.position_text().to_string().parse().expect("position text reads back");
        assert!(again == pos, "position text round trip");
    }
    let written = board.position_text().to_string();
    assert!(written.parse::<PaperSoccer>().ok() == Some(board), "reachable position text round trip");
    if let Ok(setup) = serde_json::from_slice::<paper_soccer::Setup>(rest) {
        if let Ok(g) = <PaperSoccer as game_core::Game>::from_setup(setup) {
            game_core::testing::check_setup_round_trip(&g).expect("setup round trip");
        }
    }
});
