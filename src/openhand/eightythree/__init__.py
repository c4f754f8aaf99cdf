"""Eighty-Three: four players, bidding for the kitty and trumps, a joker.
A whole deal from the first bid to the score is a :class:`Deal` (its moves:
:class:`Move`); its card play alone a :class:`Position`; the game behind the
shared interface is :class:`EightyThree` with its :class:`Match`; the exact
solvers are :class:`Solver`, :func:`solve` and :func:`at_least`, and the bid
feasibility table :func:`bid_table` (:mod:`.feasibility`)."""
from .rules import (DECK, DOUBLED, MIN_BID, PASS, TRUMPS, Position, bid_text, card_key, is_trump, legal_cards,
                    parse_bid, points, score_deal, trick_winner_index, trump_order)
from .notation import Move
from .deal import Deal, deal_cards, describe, random_action, random_deal_to_play, random_play_position
from .game import EightyThree, Match
from .solver import Solver, at_least, solve
from .feasibility import BidTable, bid_table, deal_value

__all__ = ["Deal", "Position", "Move", "EightyThree", "Match", "Solver", "solve", "at_least", "bid_table",
           "BidTable", "deal_value", "describe", "deal_cards", "random_action", "random_deal_to_play",
           "random_play_position", "DECK", "DOUBLED", "MIN_BID", "PASS", "TRUMPS", "bid_text", "card_key",
           "is_trump", "legal_cards", "parse_bid", "points", "score_deal", "trick_winner_index", "trump_order"]
