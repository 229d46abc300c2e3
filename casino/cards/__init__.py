"""Card-draw games of the rules: Baccarat, Dragon Tiger, Football Studio, Cricket War, War of
Bets, Hi Lo and Andar Bahar."""
