"""The travel agent is a built-in (agents.core.agent.BUILTIN_AGENT_MODULES): its tests use the
registry like every front end does."""
