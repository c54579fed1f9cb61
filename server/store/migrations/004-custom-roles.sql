-- Roles managed in roleManage: the five built-in roles (ids 1-5) plus custom roles (ids from 100).
-- "kind" is the role tier of spec §6 (1-5) that decides route guards and server rules; a custom
-- role's "permissions" (permission-tree ids) narrow it further and give its menuItemList.
CREATE SEQUENCE roles_id_seq START 100;
ALTER TABLE roles ALTER COLUMN id SET DEFAULT nextval('roles_id_seq');
ALTER TABLE roles ADD COLUMN "kind" integer NOT NULL DEFAULT 5;
ALTER TABLE roles ADD COLUMN "companyId" bigint REFERENCES companies(id);
ALTER TABLE roles ADD COLUMN "permissions" jsonb NOT NULL DEFAULT '[]';
ALTER TABLE roles ADD COLUMN "remark" text;
ALTER TABLE roles ADD COLUMN "createdAt" timestamptz NOT NULL DEFAULT now();
ALTER TABLE roles ADD COLUMN "updatedAt" timestamptz NOT NULL DEFAULT now();
UPDATE roles SET "kind" = id WHERE id BETWEEN 1 AND 5;
CREATE UNIQUE INDEX roles_name_key ON roles (lower("name"));
