"""Wheels and shows of the rules as RNG rounds: the 19-sector wheels, the money wheel, the
rocket, the treasure wall and the show wheels with their bonus rounds."""
