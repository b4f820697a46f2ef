"""Network play: the table protocol, the server and its storage. Knows no terminal."""
