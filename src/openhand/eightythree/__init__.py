"""Eighty-Three: the rules engine (deal, auction, kitty, trumps, passes,
discards, play, scoring, game to 200) and the exact play solver."""
from .auction import Action, Deal, deal_cards, random_action  # noqa: F401
from .game import Game, random_deal_to_play, random_play_position  # noqa: F401
from .rules import (DECK, DOUBLED, PASS, TRUMPS, Position, card_key, is_trump,  # noqa: F401
                    legal_cards, points, score_deal, trick_winner_index, trump_order)
from .solver import Solver, can_make, solve  # noqa: F401
