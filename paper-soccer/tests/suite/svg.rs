//! The best-move overlay ([`paper_soccer::svg::best_move`]): the path it
//! draws, and that the picture stays a well-formed SVG document with it.

use game_core::PlayerId;
use paper_soccer::{Dir, PaperSoccer, svg};
use roxmltree::{Document, Node};

/// A position where player 0's turn `45` bounces once on the centre: 0
/// went east to (5,5), 1 back north-west to (4,4).
fn before_a_bounce() -> PaperSoccer {
    let mut g = PaperSoccer::default();
    g.play_turn("2").unwrap();
    g.play_turn("7").unwrap();
    g
}

fn xy(node: Node<'_, '_>, x: &str, y: &str) -> (f64, f64) {
    let number = |a: &str| node.attribute(a).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {a}"));
    (number(x), number(y))
}

#[test]
fn best_move_path_has_one_segment_per_step_from_the_ball_to_where_the_turn_ends() {
    let before = before_a_bounce();
    let turn = [Dir::S, Dir::SW];
    let after = before.after_turn("45").expect("a legal turn");
    let overlay = svg::best_move(&before, PlayerId(0), &turn);
    let overlay = Document::parse(&overlay).unwrap();
    let segments: Vec<Node<'_, '_>> = overlay.descendants().filter(|n| n.has_tag_name("line")).collect();
    assert_eq!(segments.len(), turn.len());
    let ball = |state: &PaperSoccer| {
        let picture = svg::svg(state);
        let doc = Document::parse(&picture).unwrap();
        let ball = doc.descendants().find(|n| n.attribute("r") == Some("9")).expect("the ball");
        xy(ball, "cx", "cy")
    };
    assert_eq!(xy(segments[0], "x1", "y1"), ball(&before), "the path starts at the ball");
    for pair in segments.windows(2) {
        assert_eq!(xy(pair[0], "x2", "y2"), xy(pair[1], "x1", "y1"), "each step starts where the last ended");
    }
    let end = ball(&after);
    assert_eq!(xy(segments[1], "x2", "y2"), end, "the path ends where the ball stops");
    let ring = overlay.descendants().find(|n| n.has_tag_name("circle")).expect("the ring where the ball stops");
    assert_eq!(xy(ring, "cx", "cy"), end);
    assert_eq!(
        overlay.descendants().filter(|n| n.has_tag_name("polygon")).count(),
        1,
        "one arrowhead, on the last step"
    );
}

#[test]
fn picture_with_the_best_move_inserted_is_well_formed_svg() {
    let before = before_a_bounce();
    let overlay = svg::best_move(&before, PlayerId(0), &[Dir::S, Dir::SW]);
    let mut page = svg::svg_with_history(&PaperSoccer::default(), &[], &before);
    page.insert_str(page.rfind("</svg>").expect("a picture ends with </svg>"), &overlay);
    let doc = Document::parse(&page).unwrap_or_else(|e| panic!("not XML: {e}\n{page}"));
    assert!(doc.root_element().has_tag_name("svg"));
    let group = doc.root_element().children().find(|n| n.attribute("class") == Some("best-move"));
    assert!(group.is_some(), "the overlay is a group of class best-move at the picture's top level");
}
