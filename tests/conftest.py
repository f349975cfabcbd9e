import sys
from pathlib import Path

# tests import their helpers (reference.py) by name
sys.path.insert(0, str(Path(__file__).parent))
