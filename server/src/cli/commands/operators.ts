/**
 * The operator CLI's operator accounts: the first owner, and an owner's operators (add, list, reset a
 * password, disable, enable).
 */
import { OP } from '@matka/shared/contract';
import { OPERATOR_ROLES, type OperatorRole } from '@matka/shared/domain';
import {
  UsageError,
  callRequest,
  need,
  printTable,
  type AnswerOf,
  type CliIO,
  type Options,
  type Request,
} from '../args';

const isRole = (r: string): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r);

/** owner create <name> | operators add | list | reset-password | disable | enable */
export function operators(cmd: string, rest: string[], _o: Options): Request {
  const [sub, name, role, extra] = rest;
  const printPassword = (d: AnswerOf<'addOperator' | 'resetOperatorPassword'>, io: CliIO) => {
    io.out(`${d.msg}.`);
    io.out(`one-time password: ${d.one_time_password}`);
    io.out('It works once, at /console/, to set a new password.');
  };
  if (cmd === 'owner') {
    need(sub === 'create', `unknown owner command '${sub ?? ''}' (create)`);
    need(name && !role, 'owner create needs <name>');
    return { call: OP.addOperator, body: { name, role: 'owner' }, print: printPassword };
  }
  if (sub === 'add') {
    need(name && role && !extra, 'operators add needs <name> <role>');
    need(isRole(role), `'${role}' is not a role (${OPERATOR_ROLES.join(', ')})`);
    return { call: OP.addOperator, body: { name, role }, print: printPassword };
  }
  if (sub === 'list') {
    need(!name, 'operators list takes no arguments');
    return {
      call: OP.operators,
      print: (d, io) => {
        const rows = d.operators;
        if (!rows.length) return io.out('No operators yet: npm run operator -- owner create <name>');
        printTable(
          io,
          ['name', 'role', 'two-step', 'state'],
          rows.map((r) => [r.name, r.role, r.totp ? 'on' : 'off', r.disabled ? 'disabled' : 'active']),
        );
      },
    };
  }
  if (sub === 'reset-password') {
    need(name && !role, 'operators reset-password needs <name>');
    return { call: OP.resetOperatorPassword, body: { name }, print: printPassword };
  }
  if (sub === 'disable' || sub === 'enable') {
    need(name && !role, `operators ${sub} needs <name>`);
    return callRequest({
      call: sub === 'disable' ? OP.disableOperator : OP.enableOperator,
      body: { name },
      print: (d, io) => io.out(`${d.msg}.`),
    });
  }
  throw new UsageError(
    `operators needs a command: add, list, reset-password, disable, enable${sub ? ` (not '${sub}')` : ''}`,
  );
}
