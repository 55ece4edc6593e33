"""The tournament manager: registration, seating, score entry, rankings and exports.

Built on the shared database layer (:mod:`muraglia.db`); the models are in
:mod:`muraglia.tournament.models`, the service functions in
:mod:`muraglia.tournament.service`, the seating generator in
:mod:`muraglia.tournament.seating`.
"""
