"""The command line: argument parsing, one function per command, terminal I/O."""
