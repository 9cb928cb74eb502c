//! The picture (feature `svg`): the arena's frames, byte for byte.

use game_core::{Game, PlayerId};
use nim::Nim;
use nim::svg::svg;

#[test]
fn a_position_is_a_row_of_stones_and_who_is_to_move() {
    let expected = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"88\" height=\"100\" viewBox=\"0 0 88 100\">\
        <rect width=\"88\" height=\"100\" fill=\"#f4efe1\"/>\
        <circle cx=\"32\" cy=\"40\" r=\"10\" fill=\"#555\"/><circle cx=\"56\" cy=\"40\" r=\"10\" fill=\"#555\"/>\
        <text x=\"20\" y=\"85\" font-family=\"sans-serif\" font-size=\"14\">player 1 to move</text></svg>\n";
    assert_eq!(svg(&Nim { pile: 2, max_take: 3, to_move: PlayerId(1) }), expected);
}

#[test]
fn a_finished_game_is_captioned_with_its_outcome() {
    let mut g = Nim::new(1, 3);
    g.play(PlayerId(0), 1).unwrap();
    let picture = svg(&g);
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" "), "one stone wide");
    assert!(!picture.contains("<circle"));
    let caption = game_core::svg::escape(&g.outcome().unwrap().to_string());
    assert!(picture.ends_with(&format!("font-size=\"14\">{caption}</text></svg>\n")), "{picture}");
}
