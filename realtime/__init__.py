"""The sockets' common ground, shared by the lobby, the games and the casino: the frame
protocol (decoding, size and rate limits, typed refusals) and the guarded consumer that
checks the account's standing. It sits just above accounts in the app layers."""
