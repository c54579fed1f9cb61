import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refLookupOf } from './ref-lookups';
import { createSchemaRegistry } from './schema-registry';
import type { EntitySchema } from './schema-types';

const dir = path.resolve('schemas/entities');
const registry = createSchemaRegistry({
  entities: fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as EntitySchema),
});
const page = { pageNum: 1, pageSize: 1000 };

describe('x-ref lookups come from the referenced entity’s own schema', () => {
  it('gives the lookups the console has always used for the referenced entities', () => {
    expect(refLookupOf('company', registry)).toEqual({ event: 'getCompanysByRoleId', idField: 'companyId', labelField: 'name', parentField: 'parentId' });
    expect(refLookupOf('role', registry)).toEqual({ event: 'GET /robot/authRole/list', param: page, idField: 'id', labelField: 'name', labelEnum: 'role' });
    expect(refLookupOf('user', registry)).toEqual({ event: 'queryAllUser', param: page, idField: 'id', labelField: 'username' });
    expect(refLookupOf('robot', registry)).toEqual({ event: 'reqRobotBasicInfo', param: page, idField: 'robotId', labelField: 'robotName' });
    expect(refLookupOf('robot-func-template', registry)).toEqual({ event: 'getRobotFuncTemplate', param: page, idField: 'id', labelField: 'name' });
    expect(refLookupOf('email-group', registry)).toEqual({ event: 'getEmailGroup', param: page, idField: 'id', labelField: 'name' });
    expect(refLookupOf('group', registry)).toEqual({ event: 'GET /robot/group/list', param: page, idField: 'id', labelField: 'name' });
    expect(refLookupOf('map', registry)).toEqual({ event: 'queryMap', param: { pageNum: 1, pageSize: 100 }, idField: 'mapId', labelField: 'mapName' });
  });

  it('works for any entity with a list call, and for none without one', () => {
    expect(refLookupOf('alarm-type', registry)).toEqual({ event: 'getAlarmType', param: page, idField: 'id', labelField: 'name' });
    const own = createSchemaRegistry({
      entities: [
        { $id: 'shelf', properties: { id: { type: 'integer' }, title: { type: 'string' } }, 'x-api': { list: { rest: 'GET /robot/shelf/list' } }, 'x-list': { columns: ['title'] } },
        { $id: 'bin', properties: { code: { type: 'string' } }, 'x-lookup': { event: 'listBins', id: 'code', label: 'code', param: { all: true } } },
        { $id: 'note', properties: { id: { type: 'integer' } } },
      ],
    });
    expect(refLookupOf('shelf', own)).toEqual({ event: 'GET /robot/shelf/list', param: page, idField: 'id', labelField: 'title' });
    expect(refLookupOf('bin', own)).toEqual({ event: 'listBins', param: { all: true }, idField: 'code', labelField: 'code' });
    expect(refLookupOf('note', own)).toBeUndefined();
    expect(refLookupOf('nothing', own)).toBeUndefined();
  });
});
