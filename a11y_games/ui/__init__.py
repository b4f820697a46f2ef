"""The linear prompt client: appends lines, speaks them, knows no game's rules."""
