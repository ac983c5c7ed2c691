"""Shipped Siege campaigns, one TOML file each."""
