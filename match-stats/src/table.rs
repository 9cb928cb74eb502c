//! The summary as a text table: numbers with fixed decimals, names never
//! cut (the name column is as wide as the longest name).

use super::estimate::fixed;
use super::placement::PRIOR_ELO_SD;
use super::{EloReport, HeadToHead, RatingModel, SprtDecision, Summary};
use std::fmt::Write;

impl Summary {
    /// The table: one line per entrant, the rating model, and for two
    /// seats the head-to-head block (games, pairs, SPRT).
    #[must_use]
    pub fn table(&self) -> String {
        let w = self.entrants.iter().map(|e| e.name.chars().count()).max().unwrap_or(0).max(3);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<3} {:<w$} {:>6} {:>6} {:>6} {:>6} {:>9} {:>8} {:>6}  rating (95 % interval)",
            "#", "bot", "games", "wins", "draws", "losses", "avg score", "avg rank", "fails"
        );
        for (i, e) in self.entrants.iter().enumerate() {
            let _ = writeln!(
                s,
                "{:<3} {:<w$} {:>6} {:>6} {:>6} {:>6} {:>9} {:>8} {:>6}  {}",
                i,
                e.name,
                e.games,
                e.wins,
                e.draws,
                e.losses,
                fixed(e.avg_score, 3),
                fixed(e.avg_rank, 3),
                e.failures,
                e.rating.text(1)
            );
        }
        let _ = match self.rating_model {
            RatingModel::EloWdl => {
                writeln!(s, "rating: Elo difference against the other bot from wins, draws and losses")
            }
            RatingModel::PlackettLuce => writeln!(
                s,
                "rating: Plackett-Luce fit of all placements, 400·log10(strength), mean 0, ties split, \
                 prior N(0, {PRIOR_ELO_SD}²)"
            ),
        };
        if let Some(h) = &self.head_to_head {
            let first = self.entrants.first().map_or("", |e| e.name.as_str());
            let second = self.entrants.get(1).map_or("", |e| e.name.as_str());
            head_to_head(&mut s, first, second, h);
        }
        s
    }
}

/// The head-to-head block.
fn head_to_head(s: &mut String, first: &str, second: &str, h: &HeadToHead) {
    let _ = writeln!(s, "{first} vs {second}:");
    let _ = writeln!(
        s,
        "  games {}: +{} ={} -{}, score {}, draw ratio {}",
        h.wdl.games(),
        h.wdl.wins,
        h.wdl.draws,
        h.wdl.losses,
        fixed(h.games.score, 3),
        percent(h.draw_ratio)
    );
    report(s, &h.games);
    let c = h.pentanomial.counts;
    let _ = writeln!(
        s,
        "  pairs {}: Ptnml(0-2) [{}, {}, {}, {}, {}], score {}",
        h.pentanomial.pairs(),
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        fixed(h.pairs.score, 3)
    );
    report(s, &h.pairs);
    if let Some(t) = &h.sprt {
        let decision = match t.status.decision {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        };
        let _ = writeln!(
            s,
            "  SPRT [{}, {}] normalized Elo, alpha {}, beta {} (pentanomial): LLR {} ({}, {}), {decision}",
            t.settings.elo0(),
            t.settings.elo1(),
            t.settings.alpha(),
            t.settings.beta(),
            fixed(t.status.llr, 2),
            fixed(t.status.lower, 2),
            fixed(t.status.upper, 2)
        );
    }
}

/// `Elo …, nElo …, LOS …` of one model.
fn report(s: &mut String, r: &EloReport) {
    let _ = writeln!(s, "    Elo {}, nElo {}, LOS {}", r.elo.text(2), r.nelo.text(2), percent(r.los));
}

/// A share in `[0, 1]` as `99.60 %`, or `n/a`.
fn percent(x: f64) -> String {
    if x.is_nan() { "n/a".into() } else { format!("{} %", fixed(x * 100.0, 2)) }
}

#[cfg(test)]
mod tests {
    use super::super::{GameResult, Sprt, summarize};

    /// A game whose seats scored `scores` (placements from the scores,
    /// equal scores sharing a place).
    fn game(index: u64, entrants: Vec<usize>, scores: Vec<i64>) -> GameResult {
        let ranks = scores.iter().map(|s| scores.iter().filter(|&t| t > s).count() as u8).collect();
        GameResult { index, failures: vec![0; entrants.len()], entrants, ranks, scores }
    }

    /// Two seats: game `i` has entrants swapped every other game and the
    /// first entrant's result given as half-points.
    fn two_seat(results: &[usize]) -> Vec<GameResult> {
        results
            .iter()
            .enumerate()
            .map(|(i, &hp)| {
                let r = i % 2;
                let entrants = vec![r, 1 - r];
                let seat_of_0 = r;
                let mut scores = vec![0, 0];
                match hp {
                    2 => scores[seat_of_0] = 1,
                    1 => {}
                    _ => scores[1 - seat_of_0] = 1,
                }
                game(i as u64, entrants, scores)
            })
            .collect()
    }

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn sixteen_four_rates_the_winner_above_the_loser_whatever_the_order() {
        // The old per-game ratings put a 16-4 winner below the loser when
        // the losses came last; here the four losses come last.
        let mut hp = vec![2; 16];
        hp.extend([0; 4]);
        let games = two_seat(&hp);
        let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        let s = summarize(&names(&["a", "b"]), 2, games.clone(), Some(&sprt));
        let (a, b) = (&s.entrants[0], &s.entrants[1]);
        assert_eq!((a.wins, a.draws, a.losses, b.wins), (16, 0, 4, 4));
        assert!(a.rating.value > 0.0 && a.rating.low > 0.0 && b.rating.high < 0.0, "{s:?}");
        let h = s.head_to_head.as_ref().unwrap();
        assert_eq!(h.pentanomial.counts, [2, 0, 0, 0, 8]);
        let mut rev = games.clone();
        rev.reverse();
        rev.swap(0, 7);
        let t = summarize(&names(&["a", "b"]), 2, rev, Some(&sprt));
        assert_eq!(s.table(), t.table());
        assert_eq!(serde_json::to_string(&s).unwrap(), serde_json::to_string(&t).unwrap());
        let table = s.table();
        let sprt_line = table.lines().find(|l| l.contains("SPRT")).unwrap_or_default();
        assert!(sprt_line.contains("[0, 5]") && sprt_line.contains("(-2.94, 2.94)"), "{table}");
    }

    #[test]
    fn incomplete_pairs_count_as_games_but_not_as_pairs() {
        // Games 0, 1 (a pair), 2 (its partner 3 missing), 5 (partner 4 missing).
        let mut games = two_seat(&[2, 1, 2, 0, 0, 0]);
        games.retain(|g| g.index != 3 && g.index != 4);
        let s = summarize(&names(&["a", "b"]), 2, games, None);
        let h = s.head_to_head.unwrap();
        assert_eq!((h.wdl.wins, h.wdl.draws, h.wdl.losses), (2, 1, 1));
        assert_eq!(h.pentanomial.counts, [0, 0, 0, 1, 0]);
        assert!(h.sprt.is_none());
    }

    #[test]
    fn long_names_are_never_cut_and_the_columns_line_up() {
        let long = format!("cmd:{}", "x".repeat(60));
        let n = vec![format!("{long}1"), format!("{long}2")];
        let s = summarize(&n, 2, two_seat(&[2, 1, 0, 2]), None);
        let t = s.table();
        let lines: Vec<&str> = t.lines().collect();
        let rating_col = lines[0].find("rating (").unwrap();
        for (i, e) in s.entrants.iter().enumerate() {
            assert!(lines[i + 1][4..].starts_with(&e.name), "{t}");
            let text = e.rating.text(1);
            assert!(lines[i + 1].ends_with(&text), "{t}");
            assert_eq!(lines[i + 1].chars().count() - text.chars().count(), rating_col, "{t}");
        }
    }

    #[test]
    fn empty_and_drawn_series_print_no_made_up_intervals() {
        let t = summarize(&names(&["a", "b"]), 2, [], None).table();
        assert!(t.contains("n/a [n/a]") && !t.contains("NaN"), "{t}");
        let d = summarize(&names(&["a", "b"]), 2, two_seat(&[1, 1, 1, 1]), None);
        let t = d.table();
        assert!(t.contains("+0.0 [n/a]") && t.contains("LOS n/a"), "{t}");
        let json = serde_json::to_string(&d).unwrap();
        assert!(json.contains(r#""low":"n/a""#) && !json.contains("null,"), "{json}");
        let e = summarize(&names(&["a", "b", "c", "d"]), 4, [], None).table();
        assert!(e.contains("n/a [n/a]") && e.contains("Plackett-Luce"), "{e}");
    }

    #[test]
    fn four_seat_series_rank_the_always_winner_first_in_any_order() {
        // Entrant 2 always first, 3 always last, 0 ahead of 1, seats rotated.
        let mut games = Vec::new();
        for i in 0..12u64 {
            let r = (i % 4) as usize;
            let entrants: Vec<usize> = (0..4).map(|s| (s + 4 - r) % 4).collect();
            let scores: Vec<i64> = entrants.iter().map(|&e| [2, 1, 10, 0][e]).collect();
            games.push(game(i, entrants, scores));
        }
        let n = names(&["a", "b", "c", "d"]);
        let s = summarize(&n, 4, games.clone(), None);
        let r: Vec<f64> = s.entrants.iter().map(|e| e.rating.value).collect();
        assert!(r[2] > r[0] && r[0] > r[1] && r[1] > r[3], "{r:?}");
        assert_eq!((s.entrants[2].wins, s.entrants[3].losses, s.entrants[3].avg_rank), (12, 12, 3.0));
        assert!(s.head_to_head.is_none());
        games.reverse();
        let t = summarize(&n, 4, games, None);
        assert_eq!(s.table(), t.table());
        assert_eq!(serde_json::to_string(&s).unwrap(), serde_json::to_string(&t).unwrap());
    }
}
