//! The best-move overlay ([`quoridor::svg::best_move`]): where it draws a
//! pawn move and a wall, and that the picture stays a well-formed SVG
//! document with it.

use game_core::{Game, PlayerId};
use quoridor::{Move, Quoridor, svg};
use roxmltree::{Document, Node};

fn number(node: Node<'_, '_>, attribute: &str) -> i32 {
    node.attribute(attribute).and_then(|v| v.parse::<f64>().ok()).unwrap_or_else(|| panic!("no number {attribute}"))
        as i32
}

/// Where player 0's pawn is drawn in the picture of `state`.
fn pawn_centre(state: &Quoridor) -> (i32, i32) {
    let picture = svg::svg(state, &[]);
    let doc = Document::parse(&picture).unwrap();
    let pawn = doc
        .descendants()
        .find(|n| {
            n.has_tag_name("circle")
                && n.attribute("fill") == Some(svg::COLOURS[0])
                && n.attribute("stroke") == Some("#111")
        })
        .expect("player 0's pawn");
    (number(pawn, "cx"), number(pawn, "cy"))
}

fn legal(state: &Quoridor, pawn: bool) -> Vec<Move> {
    let mut moves = Vec::new();
    state.legal_moves(PlayerId(0), &mut moves);
    moves.retain(|m| matches!(m, Move::Pawn(_)) == pawn);
    moves
}

#[test]
fn best_pawn_move_is_an_arrow_from_the_pawn_to_a_ring_on_the_square_it_reaches() {
    let before = Quoridor::default();
    let moves = legal(&before, true);
    assert!(!moves.is_empty());
    for mv in moves {
        let overlay = svg::best_move(&before, PlayerId(0), &[mv]);
        let doc = Document::parse(&overlay).unwrap();
        let mut after = before;
        after.play(PlayerId(0), mv).unwrap();
        let ring = doc.descendants().find(|n| n.has_tag_name("circle")).expect("a ring");
        assert_eq!((number(ring, "cx"), number(ring, "cy")), pawn_centre(&after), "{mv}");
        let line = doc.descendants().find(|n| n.has_tag_name("line")).expect("an arrow");
        assert_eq!((number(line, "x1"), number(line, "y1")), pawn_centre(&before), "{mv}");
    }
}

#[test]
fn best_wall_is_outlined_where_the_wall_stands() {
    let before = Quoridor::default();
    let walls = legal(&before, false);
    assert!(!walls.is_empty());
    let orientation = |vertical: bool| walls.iter().find(move |m| matches!(m, Move::Wall(w) if w.vertical == vertical));
    let cases: Vec<Move> = [orientation(false), orientation(true)].into_iter().flatten().copied().collect();
    assert_eq!(cases.len(), 2, "a horizontal and a vertical wall");
    for mv in cases {
        let overlay = svg::best_move(&before, PlayerId(0), &[mv]);
        let doc = Document::parse(&overlay).unwrap();
        let outline = doc.descendants().find(|n| n.has_tag_name("rect")).expect("an outline");
        let mut after = before;
        after.play(PlayerId(0), mv).unwrap();
        let picture = svg::svg(&after, &[]);
        let picture = Document::parse(&picture).unwrap();
        let wall = picture.descendants().find(|n| n.attribute("stroke") == Some("#f5e6c8")).expect("the wall");
        for a in ["x", "y", "width", "height"] {
            assert_eq!(number(outline, a), number(wall, a), "{mv}: {a}");
        }
    }
}

#[test]
fn picture_with_the_best_move_inserted_is_well_formed_svg() {
    let before = Quoridor::default();
    let turn = [legal(&before, true)[0]];
    let mut page = svg::svg(&before, &[]);
    page.insert_str(
        page.rfind("</svg>").expect("a picture ends with </svg>"),
        &svg::best_move(&before, PlayerId(0), &turn),
    );
    let doc = Document::parse(&page).unwrap_or_else(|e| panic!("not XML: {e}\n{page}"));
    assert!(doc.root_element().has_tag_name("svg"));
    let group = doc.root_element().children().find(|n| n.attribute("class") == Some("best-move"));
    assert!(group.is_some(), "the overlay is a group of class best-move at the picture's top level");
}
