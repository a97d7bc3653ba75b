"""Terra Mystica (in progress: component data, map and notation; not yet playable)."""
