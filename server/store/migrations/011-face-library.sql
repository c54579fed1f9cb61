-- Face library of faceDetection (issue 7, spec §3 Face entry, §5 face entry rules). Photos are a
-- comma-separated list of uploaded picture URLs (the first is shown), at most 9 per person.
CREATE TABLE face_entries (
  id bigserial PRIMARY KEY,
  "companyId" bigint REFERENCES companies(id) ON DELETE CASCADE,
  "name" text NOT NULL,
  "gender" int NOT NULL,
  "nation" text,
  "idType" int NOT NULL DEFAULT 1,
  "idNumber" text NOT NULL,
  "workCompany" text,
  "phone" text,
  "remark" text,
  "jobTitle" text,
  "entryType" int NOT NULL DEFAULT 1,
  "pictureUrl" text NOT NULL,
  "backPictureUrl" text,
  "infraredPictureUrl" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX face_entries_company_idx ON face_entries ("companyId", id DESC);

-- The identity blacklist of IDCardDetection (spec §7 queryBlackIdentity / delBlackIdentity): an
-- ID card detection whose number is listed for the robot's company is marked blacklisted.
CREATE TABLE black_identities (
  id bigserial PRIMARY KEY,
  "companyId" bigint REFERENCES companies(id) ON DELETE CASCADE,
  "name" text NOT NULL,
  "idNumber" text NOT NULL,
  "reason" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX black_identities_company_number_key ON black_identities ("companyId", upper("idNumber"));
