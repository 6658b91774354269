"""Form converters of games whose entries a plain grid cannot collect; each module calls entryforms.register."""
