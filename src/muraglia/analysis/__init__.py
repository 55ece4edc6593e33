"""Hand analysis: decompositions, waits, shanten and useful tiles."""
