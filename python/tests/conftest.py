"""Shared helpers: seeded random games, whatever the game."""

import random

import pytest

import contest_games as cg

# Small configurations, so that every test stays fast.
GAMES = [
    ("paper-soccer", {}),
    ("yavalath", {}),
    ("quoridor", {}),
    ("quoridor", {"players": 4, "max_ticks": 120}),
    ("parallel-football", {"p": 2, "k": 3, "max_turns": 40, "seed": 9}),
]


def step_randomly(state, rng):
    """Plays one random legal action (one per acting seat at a simultaneous
    node; a chance node is resolved from the game's seed)."""
    game = state.get_game()
    if state.is_chance_node():
        state.resolve_chance()
    elif state.current_player() == cg.SIMULTANEOUS_PLAYER_ID:
        acting = state.acting_players()
        actions = [
            rng.choice(state.legal_actions(p)) if p in acting else cg.INVALID_ACTION
            for p in range(game.num_players())
        ]
        state.apply_actions(actions)
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_randomly(game, seed, limit=None):
    state = game.new_initial_state()
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (limit is None or n < limit):
        step_randomly(state, rng)
        n += 1
    return state


@pytest.fixture(params=GAMES, ids=lambda g: g[0] + "".join(f"-{k}{v}" for k, v in g[1].items()))
def game(request):
    name, params = request.param
    return cg.load_game(name, **params)
