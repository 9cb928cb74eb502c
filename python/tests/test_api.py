"""The OpenSpiel-shaped API: games, states, actions, observations, copies."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import contest_games as cg
from conftest import play_randomly, step_randomly


def test_games_are_the_registry():
    assert cg.games() == ["paper-soccer", "yavalath", "quoridor", "parallel-football", "nim"]


def test_wrong_name_or_parameter_lists_what_exists():
    with pytest.raises(ValueError, match="paper-soccer, yavalath"):
        cg.load_game("chess")
    with pytest.raises(ValueError, match="players, max_ticks"):
        cg.load_game("quoridor", size=7)
    with pytest.raises(ValueError, match="players=3"):
        cg.load_game("quoridor", players=3)
    with pytest.raises(ValueError, match="whole number"):
        cg.load_game("quoridor", players=-2)
    with pytest.raises(TypeError, match="whole number"):
        cg.load_game("quoridor", players="two")


def test_game_facts():
    g = cg.load_game("quoridor")
    assert (g.num_players(), g.num_distinct_actions(), g.observation_tensor_shape()) == (2, 209, [9, 9, 9])
    assert g.max_game_length() > 0
    assert cg.load_game("paper-soccer").num_distinct_actions() == 8
    assert cg.load_game("yavalath").observation_tensor_shape() == [5, 9, 9]


def test_random_games_end_with_returns_summing_to_zero(game):
    for seed in range(3):
        s = play_randomly(game, seed)
        assert s.is_terminal() and s.current_player() == cg.TERMINAL_PLAYER_ID
        assert abs(sum(s.returns())) < 1e-9
        assert s.legal_actions(0) == [] and s.legal_actions() == [] and not any(s.legal_actions_mask())


def test_masks_observations_and_notation_agree(game):
    rng = random.Random(4)
    s = game.new_initial_state()
    shape = tuple(game.observation_tensor_shape())
    for _ in range(30):
        if s.is_terminal():
            break
        for p in range(game.num_players()):
            legal = s.legal_actions(p)
            mask = s.legal_actions_mask(p)
            assert len(mask) == game.num_distinct_actions()
            assert isinstance(mask, list) and [a for a, m in enumerate(mask) if m] == legal
            obs = s.observation_tensor(p)
            assert obs.dtype == np.float32 and obs.shape == shape and np.isfinite(obs).all()
            for a in legal:
                assert s.string_to_action(p, s.action_to_string(p, a)) == a
        step_randomly(s, rng)


def test_bad_input_is_an_exception_and_changes_nothing():
    g = cg.load_game("yavalath")
    s = g.new_initial_state()
    s.apply_action(30)
    s.apply_action(31)  # player 1 declines the steal
    before = s.serialize()
    for bad in [30, 31, -1, 61, 10**30]:
        with pytest.raises(ValueError):
            s.apply_action(bad)
    with pytest.raises(ValueError, match="player 5"):
        s.legal_actions(5)
    with pytest.raises(ValueError, match="one per seat"):
        s.apply_actions([1, 2, 3])
    with pytest.raises(ValueError):
        s.string_to_action(1, "not a move")
    assert s.serialize() == before
    done = play_randomly(g, 1)
    with pytest.raises(ValueError, match="over"):
        done.apply_action(0)


def test_simultaneous_node_takes_one_action_per_seat():
    g = cg.load_game("parallel-football", p=2, k=3, max_turns=10)
    s = g.new_initial_state()
    assert s.current_player() == cg.SIMULTANEOUS_PLAYER_ID
    with pytest.raises(ValueError, match="apply_actions"):
        s.apply_action(0)
    with pytest.raises(ValueError, match="name the player"):
        s.legal_actions()
    before = s.serialize()
    stay = 32 * 32  # not a placement: refused, nothing played
    with pytest.raises(ValueError, match="illegal"):
        s.apply_actions([0, 1, 2, stay])
    assert s.serialize() == before
    s.apply_actions([0, 1, 2, 3])
    assert s.serialize() != before


def test_paper_soccer_bounce_keeps_the_player():
    s = cg.load_game("paper-soccer").new_initial_state()
    s.apply_action(s.string_to_action(0, "0"))  # N, from the centre
    assert s.current_player() == 1
    s.apply_action(s.string_to_action(1, "2"))  # E
    assert s.current_player() == 0
    s.apply_action(s.string_to_action(0, "5"))  # SW: back to the centre, a bounce
    assert s.current_player() == 0
    assert s.legal_actions_mask()[s.string_to_action(0, "0")] == 0  # N is drawn


def test_copies_serialisation_and_pickling_are_the_same_state(game):
    s = play_randomly(game, 2, limit=25)
    for t in [s.clone(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s)), cg.deserialize_state(s.serialize())]:
        assert t.serialize() == s.serialize() and str(t) == str(s)
        assert (t.observation_tensor(0) == s.observation_tensor(0)).all()
    # A copy plays on independently, and alike.
    a, b = s.clone(), cg.deserialize_state(s.serialize())
    rng_a, rng_b = random.Random(8), random.Random(8)
    while not a.is_terminal():
        step_randomly(a, rng_a)
        step_randomly(b, rng_b)
    assert a.serialize() == b.serialize() and a.returns() == b.returns()
    assert s.is_terminal() or s.serialize() != a.serialize()


def test_deserialize_refuses_garbage():
    for bad in ["", "{}", '{"game": "chess"}', '{"game": "yavalath", "history": [[0, 30], [0, 30]]}']:
        with pytest.raises(ValueError):
            cg.deserialize_state(bad)


def test_str_is_the_crate_picture():
    s = cg.load_game("yavalath").new_initial_state()
    assert "." in str(s)


def test_builtin_bots_play():
    g = cg.load_game("yavalath")
    bots = [cg.bot("mcts:iters=50", g, 1), cg.bot("random", g, 2)]
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(bots[s.current_player()].step(s))
    with pytest.raises(ValueError, match="bot"):
        cg.bot("nonsense:x=1", g, 0)
    with pytest.raises(ValueError):
        cg.bot("random", g).step(cg.load_game("quoridor").new_initial_state())


def test_bots_play_the_simultaneous_game():
    g = cg.load_game("parallel-football", p=2, k=3, max_turns=20, seed=3)
    bots = [cg.bot("random", g, t) for t in range(4)]
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        acting = s.acting_players()
        s.apply_actions([bots[t].step(s, t) if t in acting else -1 for t in range(4)])
    assert abs(sum(s.returns())) < 1e-9


def test_a_turn_in_contest_notation_is_played_whole_or_not_at_all():
    s = cg.load_game("paper-soccer").new_initial_state()
    s.apply_turn(0, "0")
    s.apply_turn(1, "2")
    s.apply_turn(0, "54")  # SW to the centre (a bounce), then S
    assert s.current_player() == 1
    before = s.serialize()
    with pytest.raises(ValueError, match="not a turn"):
        s.apply_turn(1, "9")
    with pytest.raises(ValueError, match="does not act"):
        s.apply_turn(0, "4")
    assert s.serialize() == before


def to_chance_node(state, rng):
    """Plays random orders until a chance node (or the end)."""
    while not state.is_terminal() and not state.is_chance_node():
        step_randomly(state, rng)
    return state


def test_chance_nodes_are_openspiel_s_and_resolve_from_the_seed():
    g = cg.load_game("parallel-football", p=2, k=5, max_turns=20, seed=11)
    s = to_chance_node(g.new_initial_state(), random.Random(3))
    assert s.is_chance_node() and not s.is_simultaneous_node()
    assert s.current_player() == cg.CHANCE_PLAYER_ID == -1
    assert s.acting_players() == []
    for refused in [lambda: s.apply_action(0), lambda: s.apply_actions([-1] * 4), lambda: s.legal_actions()]:
        with pytest.raises(ValueError, match="chance"):
            refused()
    # Copies made before the chance node, and a deserialised one, resolve alike.
    copies = [s.clone(), pickle.loads(pickle.dumps(s)), cg.deserialize_state(s.serialize())]
    peek = s.chance_outcome()
    value = s.resolve_chance()
    assert value == peek and sorted(value) == ["successes"]
    assert all(c.resolve_chance() == value for c in copies)
    assert all(c.serialize() == s.serialize() for c in copies)
    assert not s.is_chance_node()
    with pytest.raises(ValueError, match="not a chance node"):
        s.resolve_chance()
    # Whole games: the same seed and moves draw the same allocations, every time.
    def game(seed):
        g = cg.load_game("parallel-football", p=3, k=5, max_turns=30, seed=seed)
        bots = [cg.bot("random", g, t) for t in range(4)]
        state, draws = g.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                draws.append(state.resolve_chance())
                continue
            acting = state.acting_players()
            state.apply_actions([bots[t].step(state, t) if t in acting else -1 for t in range(4)])
        return draws, state.serialize()

    first = game(4)
    assert any(d["successes"] for d in first[0])  # contested kicks were allocated
    assert game(4) == first
    assert game(5) != first


def test_a_chance_value_can_be_given():
    g = cg.load_game("parallel-football", p=2, k=5, max_turns=20, seed=11)
    s = to_chance_node(g.new_initial_state(), random.Random(3))
    before = s.serialize()
    for bad in [{"successes": [999]}, {"nothing": 1}, [1, 2]]:
        with pytest.raises(ValueError, match="chance value"):
            s.apply_chance(bad)
        assert s.serialize() == before
    given, drawn = s.clone(), s.clone()
    given.apply_chance(drawn.resolve_chance())
    assert str(given) == str(drawn)
    # A given value does not advance the generator: the next draw is the
    # one the seed would make first, and the state serialises and replays.
    history = json.loads(given.serialize())["history"]
    assert history[-1].get("given") is True
    again = cg.deserialize_state(given.serialize())
    assert again.serialize() == given.serialize()
