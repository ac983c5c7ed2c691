"""`python -m bench`: Shamble's performance figures, one JSON object per line."""
