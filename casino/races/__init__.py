"""Virtual races and sports of the rules: horses, greyhounds, the motor and cycle races, Fruit
Race, football, tennis and table tennis."""
