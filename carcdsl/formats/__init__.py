"""Wire formats: game records (``carcdsl-record/1``) and safe file reading and writing."""
