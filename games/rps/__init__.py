"""Rock Paper Scissors: two seats, sequential hidden signs, first to the points target."""
