"""Shipped Siege missions, one TOML file each."""
