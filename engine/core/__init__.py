"""The kernel every mode shares."""
