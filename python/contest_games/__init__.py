"""The bot-contest games (Paper Soccer, Yavalath, Quoridor, Parallel
Football) exact to the contest rules, in OpenSpiel's shape.

    >>> import contest_games as cg
    >>> game = cg.load_game("yavalath")
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])
    >>> state.current_player()
    1

PettingZoo and Gymnasium environments are in the submodules
contest_games.pettingzoo and contest_games.gymnasium (the extra `envs`).

See docs/python.md in the repository.
"""

from ._native import (
    Bot,
    Game,
    State,
    VectorEnv,
    bot,
    derive_seed,
    deserialize_state,
    games,
    load_game,
    run_bot,
    CHANCE_PLAYER_ID,
    SIMULTANEOUS_PLAYER_ID,
    TERMINAL_PLAYER_ID,
    INVALID_ACTION,
    MAX_NUM_ENVS,
)


def _load_game_from(name, params):
    """Unpickles a Game (Game.__reduce__)."""
    return load_game(name, **params)


__all__ = [
    "Bot",
    "Game",
    "State",
    "VectorEnv",
    "bot",
    "derive_seed",
    "deserialize_state",
    "games",
    "load_game",
    "run_bot",
    "CHANCE_PLAYER_ID",
    "SIMULTANEOUS_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "INVALID_ACTION",
    "MAX_NUM_ENVS",
]
