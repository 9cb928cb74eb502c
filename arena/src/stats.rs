//! Results of a series: wins, draws, losses, average scores and ratings.
//!
//! Ratings come from the `skillratings` crate, updated game by game in
//! index order (so the same series gives the same ratings):
//! * two seats: Glicko-2, an Elo-scale rating with a rating deviation; the
//!   table shows `rating ± 2·deviation` (about a 95 % interval);
//! * more seats: Weng-Lin (the OpenSkill model, a Bayesian multiplayer
//!   rating from placements, ties allowed); the table shows `mu ± 2·sigma`.

use crate::play::{Failures, GameSummary};
use game_core::PlayerId;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::fmt::Write;

/// One entrant's totals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntrantStats {
    /// Games played.
    pub games: u64,
    /// Games won alone.
    pub wins: u64,
    /// Games where the first place was shared.
    pub draws: u64,
    /// Other games.
    pub losses: u64,
    /// Sum of scores.
    pub score_sum: f64,
    /// Sum of placements (0 best).
    pub rank_sum: f64,
    /// Failed answers (timeouts, crashes, illegal answers).
    pub failures: u64,
    /// Rating.
    pub rating: f64,
    /// Half-width of the rating's ~95 % interval.
    pub uncertainty: f64,
}

/// Totals per entrant (in the order of the bot list).
pub fn tally(entrants: usize, seats: usize, games: &[GameSummary]) -> Vec<EntrantStats> {
    let mut st = vec![EntrantStats::default(); entrants];
    for g in games {
        let o = &g.outcome;
        for (seat, &e) in g.entrants.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let s = &mut st[e];
            s.games += 1;
            let r = o.rank(p);
            if r == 0 && o.winner() == Some(p) {
                s.wins += 1;
            } else if r == 0 {
                s.draws += 1;
            } else {
                s.losses += 1;
            }
            s.score_sum += o.score(p) as f64;
            s.rank_sum += f64::from(r);
            s.failures += g.failures.get(seat).map_or(0, Failures::total);
        }
    }
    if seats == 2 {
        let cfg = Glicko2Config::new();
        let mut r = vec![Glicko2Rating::new(); entrants];
        for g in games {
            let (a, b) = (g.entrants[0], g.entrants[1]);
            if a == b {
                continue;
            }
            let o = match (g.outcome.rank(PlayerId(0)), g.outcome.rank(PlayerId(1))) {
                (x, y) if x < y => Outcomes::WIN,
                (x, y) if x > y => Outcomes::LOSS,
                _ => Outcomes::DRAW,
            };
            let (na, nb) = glicko2(&r[a], &r[b], &o, &cfg);
            r[a] = na;
            r[b] = nb;
        }
        for (s, r) in st.iter_mut().zip(&r) {
            s.rating = r.rating;
            s.uncertainty = 2.0 * r.deviation;
        }
    } else {
        let cfg = WengLinConfig::new();
        let mut r = vec![WengLinRating::new(); entrants];
        for g in games {
            let teams: Vec<[WengLinRating; 1]> = g.entrants.iter().map(|&e| [r[e]]).collect();
            let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .enumerate()
                .map(|(seat, t)| (&t[..], MultiTeamOutcome::new(usize::from(g.outcome.rank(PlayerId(seat as u8))) + 1)))
                .collect();
            let out = weng_lin_multi_team(&input, &cfg);
            for (&e, new) in g.entrants.iter().zip(out) {
                if let Some(n) = new.first() {
                    r[e] = *n;
                }
            }
        }
        for (s, r) in st.iter_mut().zip(&r) {
            s.rating = r.rating;
            s.uncertainty = 2.0 * r.uncertainty;
        }
    }
    st
}

/// The results table as text.
pub fn table(names: &[String], seats: usize, st: &[EntrantStats]) -> String {
    let w = names.iter().map(String::len).max().unwrap_or(3).clamp(3, 40);
    let model = if seats == 2 { "Glicko-2" } else { "Weng-Lin" };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<3} {:<w$} {:>6} {:>6} {:>6} {:>6} {:>9} {:>8} {:>6}  rating ({model}, ±2σ)",
        "#", "bot", "games", "wins", "draws", "losses", "avg score", "avg rank", "fails"
    );
    for (i, (n, e)) in names.iter().zip(st).enumerate() {
        let g = e.games.max(1) as f64;
        let name: String = n.chars().take(w).collect();
        let _ = writeln!(
            s,
            "{:<3} {:<w$} {:>6} {:>6} {:>6} {:>6} {:>9.3} {:>8.3} {:>6}  {:.1} ± {:.1}",
            i,
            name,
            e.games,
            e.wins,
            e.draws,
            e.losses,
            e.score_sum / g,
            e.rank_sum / g,
            e.failures,
            e.rating,
            e.uncertainty
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Outcome;

    fn game(index: u64, entrants: Vec<usize>, outcome: Outcome) -> GameSummary {
        GameSummary {
            index,
            seed: 0,
            failures: vec![Failures::default(); entrants.len()],
            entrants,
            outcome,
            reason: "test".into(),
            errors: Vec::new(),
            error_count: 0,
            final_position: String::new(),
            replay: String::new(),
        }
    }

    #[test]
    fn two_seat_tally_counts_results_and_rates_the_stronger_higher() {
        // Entrant 0 wins three games from either seat, one draw.
        let games = vec![
            game(0, vec![0, 1], Outcome::win_for(2, PlayerId(0))),
            game(1, vec![1, 0], Outcome::win_for(2, PlayerId(1))),
            game(2, vec![0, 1], Outcome::win_for(2, PlayerId(0))),
            game(3, vec![1, 0], Outcome::draw(2)),
        ];
        let st = tally(2, 2, &games);
        assert_eq!((st[0].wins, st[0].draws, st[0].losses), (3, 1, 0));
        assert_eq!((st[1].wins, st[1].draws, st[1].losses), (0, 1, 3));
        assert_eq!(st[0].score_sum, 3.0);
        assert!(st[0].rating > 1500.0 && st[1].rating < 1500.0);
        assert!(st[0].uncertainty > 0.0 && st[0].uncertainty < 2.0 * 350.0);
        let t = table(&["a".into(), "b".into()], 2, &st);
        assert!(t.contains("Glicko-2") && t.lines().count() == 3, "{t}");
    }

    #[test]
    fn four_seat_tally_uses_placements() {
        // Entrant 2 always first, entrant 3 always last, whatever the seat.
        let mut games = Vec::new();
        for r in 0..4u64 {
            let entrants: Vec<usize> = (0..4).map(|s| (s + 4 - r as usize) % 4).collect();
            let mut scores = [0i64; 4];
            for (seat, &e) in entrants.iter().enumerate() {
                scores[seat] = [2, 1, 10, 0][e];
            }
            games.push(game(r, entrants, Outcome::from_scores(&scores).unwrap()));
        }
        let st = tally(4, 4, &games);
        assert_eq!(st[2].wins, 4);
        assert_eq!(st[3].losses, 4);
        assert_eq!(st[2].rank_sum, 0.0);
        assert_eq!(st[3].rank_sum, 12.0);
        assert!(st[2].rating > st[0].rating && st[0].rating > st[1].rating && st[1].rating > st[3].rating);
        assert!(table(&["a".into(), "b".into(), "c".into(), "d".into()], 4, &st).contains("Weng-Lin"));
    }
}
