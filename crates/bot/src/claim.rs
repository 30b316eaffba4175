//! When a bot claims the win: FFA (and Chaturaji) with two players left, a player far enough
//! ahead may claim — he resigns, the other player scores his king and every zombie king, and
//! the game ends (rules.md §5.2). A bot claims whenever that leaves it alone in first place:
//! no move can place it higher, and playing on can only lose the lead.

use fourhand_rules::game::Game;
use fourhand_rules::Seat;

/// Whether `seat` wins `game` outright by claiming now: the claim is allowed (two players
/// left, the lead the rule set asks) and, with the other player's king bonus and the zombie
/// kings counted, no seat — an eliminated one included, which may hold more points than both —
/// ends level with it or above. False in any game without claims.
pub fn wins_by_claiming(game: &Game, seat: Seat) -> bool {
    // The rules' own check first: the game is copied only when a claim is allowed.
    if game.check_claim_win(seat).is_err() {
        return false;
    }
    let mut after = game.clone();
    if after.claim_win(seat).is_err() {
        return false;
    }
    let points = after.points();
    Seat::ALL
        .into_iter()
        .all(|s| s == seat || points[s] < points[seat])
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::game::Automation;
    use fourhand_rules::notation::fen4;
    use fourhand_rules::RuleSet;

    /// Red to move, Blue and Green out, with `points` (Red, Blue, Yellow, Green).
    fn two_left(points: &str) -> Game {
        left("0,1,0,1", points)
    }

    /// Red to move, the seats `out` (FEN4's second field) out, with `points`.
    fn left(out: &str, points: &str) -> Game {
        let text = format!(
            "R-{out}-0,0,0,0-0,0,0,0-{points}-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/3,bN,3,rR,2,gN,3/14/bK,12,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
        );
        let rules = RuleSet::FFA;
        let f = fen4::parse(&text, rules.shared()).unwrap();
        Game::from_position(rules, f.position, f.points).with_automation(Automation::REPLAY)
    }

    #[test]
    fn a_lead_that_survives_the_claim_is_claimed() {
        let g = two_left("26,3,5,2");
        assert!(wins_by_claiming(&g, Seat::South));
        // The trailing player cannot claim; nor can a lead under 21, nor anyone with three
        // players left.
        assert!(!wins_by_claiming(&g, Seat::North));
        assert!(!wins_by_claiming(&two_left("25,3,5,2"), Seat::South));
        assert!(!wins_by_claiming(&left("0,1,0,0", "60,3,5,2"), Seat::South));
        // Asking changes nothing.
        assert!(!g.is_over());
    }

    #[test]
    fn no_claim_that_leaves_an_eliminated_player_first() {
        // Red leads Yellow by 25, but Blue, out, has 40: Red would finish second.
        assert!(!wins_by_claiming(&two_left("30,40,5,2"), Seat::South));
        // Nor one that ties him: Red 42 against Blue's 42 shares first (Yellow's 21 + 20 is
        // below both, and the server's automatic claim waits for a leader alone in front).
        assert!(!wins_by_claiming(&two_left("42,42,21,2"), Seat::South));
        assert!(wins_by_claiming(&two_left("42,40,21,2"), Seat::South));
    }

    #[test]
    fn sides_games_have_no_claim() {
        let g = Game::new(RuleSet::TEAMS);
        assert!(Seat::ALL.into_iter().all(|s| !wins_by_claiming(&g, s)));
    }
}
