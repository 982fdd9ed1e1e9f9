"""The peer implementation the tests compare with: the PyPI package xiangting (rule "tenhou")."""

from __future__ import annotations

import numpy as np
import xiangting

PLAYERS = {4: xiangting.PlayerCount.FOUR, 3: xiangting.PlayerCount.THREE}


def replacement_numbers(hands: np.ndarray, players: int) -> np.ndarray:
    """xiangting's replacement number (shanten + 1) of each row of (N, 34) counts."""
    count = PLAYERS[players]
    return np.array([xiangting.calculate_replacement_number(row, count) for row in hands.tolist()], np.int64)
