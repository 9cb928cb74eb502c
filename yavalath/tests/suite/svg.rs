//! The best-move overlay ([`yavalath::svg::best_move`]): where it draws, and
//! that the picture stays a well-formed SVG document with it.

use game_core::{Game, PlayerId};
use roxmltree::{Document, Node};
use yavalath::{Cell, Yavalath, svg};

fn number(node: Node<'_, '_>, attribute: &str) -> f64 {
    node.attribute(attribute).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {attribute}"))
}

#[test]
fn best_move_ring_is_centred_on_the_stone_the_move_places() {
    let mut before = Yavalath::new();
    before.play(PlayerId(0), Cell::CENTER).unwrap();
    for cell in Cell::all().filter(|&c| c != Cell::CENTER).step_by(7) {
        let overlay = svg::best_move(&before, PlayerId(1), &[cell]);
        let doc = Document::parse(&overlay).unwrap();
        let rings: Vec<Node<'_, '_>> = doc.descendants().filter(|n| n.has_tag_name("circle")).collect();
        assert_eq!(rings.len(), 1, "{overlay}");
        let mut after = before;
        after.play(PlayerId(1), cell).unwrap();
        let picture = svg::svg(&after, None);
        let picture = Document::parse(&picture).unwrap();
        let stone = picture
            .descendants()
            .find(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("#1b1b1b"))
            .expect("the black stone");
        assert_eq!(number(rings[0], "cx"), number(stone, "cx"), "cell {cell}");
        assert_eq!(number(rings[0], "cy"), number(stone, "cy"), "cell {cell}");
        assert!(number(rings[0], "r") > number(stone, "r"), "the ring surrounds the stone");
    }
}

#[test]
fn picture_with_the_best_move_inserted_is_well_formed_svg() {
    let before = Yavalath::new();
    let overlay = svg::best_move(&before, PlayerId(0), &[Cell::CENTER]);
    let mut page = svg::svg(&before, None);
    page.insert_str(page.rfind("</svg>").expect("a picture ends with </svg>"), &overlay);
    let doc = Document::parse(&page).unwrap_or_else(|e| panic!("not XML: {e}\n{page}"));
    assert!(doc.root_element().has_tag_name("svg"));
    let group = doc.root_element().children().find(|n| n.attribute("class") == Some("best-move"));
    assert!(group.is_some(), "the overlay is a group of class best-move at the picture's top level");
}
