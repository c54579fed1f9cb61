-- Role names are unique within a company (and against the shared built-in roles), not across
-- every company: two companies may each have an "Operator" role, and one company's names are
-- neither refused to nor revealed to another (x-unique "company", server/entities/crud.ts).
DROP INDEX roles_name_key;
CREATE UNIQUE INDEX roles_company_name_key ON roles (COALESCE("companyId", 0), lower("name"));
