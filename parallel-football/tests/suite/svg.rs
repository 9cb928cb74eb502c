//! The best-move overlay ([`parallel_football::svg::best_move`]): where it
//! draws start cells, moves and kicks, and that the picture stays a
//! well-formed SVG document with it.

use game_core::{Game, PlayerId};
use parallel_football::{Cell, Config, FootballMove, Order, ParallelFootball, svg};
use roxmltree::{Document, Node};

const TEAM: PlayerId = PlayerId(1);
/// Team 1's start cells: both hold a ball.
const STARTS: [Cell; 2] = [Cell::new(2, 2), Cell::new(3, 3)];

fn number(node: Node<'_, '_>, attribute: &str) -> f64 {
    node.attribute(attribute).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {attribute}"))
}

fn ends(line: Node<'_, '_>) -> [f64; 4] {
    ["x1", "y1", "x2", "y2"].map(|a| number(line, a))
}

fn placement() -> ParallelFootball {
    ParallelFootball::new(Config::new(6, 6, 2, 2, 10).unwrap()).unwrap()
}

/// Every team placed, team 1 on [`STARTS`].
fn placed() -> ParallelFootball {
    let mut g = placement();
    for t in 0..4u8 {
        for c in STARTS {
            g.play(PlayerId(t), FootballMove::Place(if t == TEAM.0 { c } else { Cell::new(t, 5) })).unwrap();
        }
    }
    g
}

/// The kick lines [`svg::view_svg`] draws for team 1's `orders`, given
/// and waiting for the other teams.
fn kick_lines(before: &ParallelFootball, orders: [Order; 2]) -> Vec<[f64; 4]> {
    let mut state = before.clone();
    let ply: Vec<(PlayerId, FootballMove)> = orders.iter().map(|&o| (TEAM, FootballMove::Order(o))).collect();
    for &(team, mv) in &ply {
        state.play(team, mv).unwrap();
    }
    let picture = svg::view_svg(before, &ply, &state);
    let doc = Document::parse(&picture).unwrap();
    doc.descendants().filter(|n| n.has_tag_name("line") && n.attribute("marker-end").is_some()).map(ends).collect()
}

#[test]
fn best_orders_are_arrows_from_each_footballer_as_the_viewer_draws_kicks() {
    let before = placed();
    let (kick, walk) = (Order::Kick { dx: 1, dy: 0 }, Order::Move { dx: 0, dy: 1 });
    let overlay = svg::best_move(&before, TEAM, &[FootballMove::Order(kick), FootballMove::Order(walk)]);
    let doc = Document::parse(&overlay).unwrap();
    let arrows: Vec<[f64; 4]> = doc.descendants().filter(|n| n.has_tag_name("line")).map(ends).collect();
    // A walk of (0, 1) is drawn as a kick of (0, 1) would be.
    assert_eq!(arrows, kick_lines(&before, [kick, Order::Kick { dx: 0, dy: 1 }]));
    let rings: Vec<Node<'_, '_>> = doc.descendants().filter(|n| n.has_tag_name("circle")).collect();
    assert_eq!(rings.len(), 1, "the kick's landing cell is ringed, the walk's is not");
    assert_eq!([number(rings[0], "cx"), number(rings[0], "cy")], arrows[0][2..]);
}

#[test]
fn best_placement_rings_each_start_cell_where_its_footballer_then_stands() {
    let overlay = svg::best_move(&placement(), TEAM, &STARTS.map(FootballMove::Place));
    let doc = Document::parse(&overlay).unwrap();
    let rings: Vec<[f64; 2]> =
        doc.descendants().filter(|n| n.has_tag_name("circle")).map(|n| [number(n, "cx"), number(n, "cy")]).collect();
    let kicks = kick_lines(&placed(), [Order::Kick { dx: 1, dy: 0 }, Order::Kick { dx: 1, dy: 0 }]);
    let from: Vec<[f64; 2]> = kicks.iter().map(|l| [l[0], l[1]]).collect();
    assert_eq!(rings, from);
}

#[test]
fn best_stay_draws_nothing() {
    let overlay = svg::best_move(&placed(), TEAM, &[FootballMove::Order(Order::Stay); 2]);
    let doc = Document::parse(&overlay).unwrap();
    assert_eq!(doc.root_element().attribute("class"), Some("best-move"));
    assert_eq!(doc.root_element().children().count(), 0);
}

#[test]
fn picture_with_the_best_move_inserted_is_well_formed_svg() {
    let before = placed();
    let turn = [FootballMove::Order(Order::Kick { dx: 1, dy: 0 }), FootballMove::Order(Order::Move { dx: 0, dy: 1 })];
    let mut page = svg::view_svg(&before, &[], &before);
    page.insert_str(page.rfind("</svg>").expect("a picture ends with </svg>"), &svg::best_move(&before, TEAM, &turn));
    let doc = Document::parse(&page).unwrap_or_else(|e| panic!("not XML: {e}\n{page}"));
    assert!(doc.root_element().has_tag_name("svg"));
    let group = doc.root_element().children().find(|n| n.attribute("class") == Some("best-move"));
    assert!(group.is_some(), "the overlay is a group of class best-move at the picture's top level");
}
