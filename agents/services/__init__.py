"""What every front end calls: the Lab, the evals, access and tokens."""
