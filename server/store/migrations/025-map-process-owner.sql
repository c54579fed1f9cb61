-- One cluster (issue 17): the replica processing a map (slicing). When it dies mid-way, the leader
-- finds the map still slicing under an owner that is gone and processes it again.
ALTER TABLE maps ADD COLUMN "processOwner" text;
