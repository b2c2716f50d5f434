/**
 * /operator/operators (owner): the operators, add one (a one-time password shown once), reset a
 * password, disable / enable, turn off a lost two-step sign-in, change a role. Each is audited; the
 * rules (no owner disables or demotes themselves) are services/operators.ts.
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { audit } from '../services/audit';
import { route } from './common';

export const operatorsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { operators } = ctx;

  route(op, OP.operators, async () => ({ status: true, operators: await operators.list() }));

  route(op, OP.addOperator, async (body, req) => {
    const { password } = await operators.create(body.name, body.role, req.operator!);
    await audit(ctx.db, 'operator add', body.name, { role: body.role }, null, { role: body.role });
    return {
      status: true,
      msg: `Operator ${body.name} (${body.role}) created: give them the one-time password`,
      name: body.name,
      role: body.role,
      one_time_password: password,
    };
  });

  route(op, OP.resetOperatorPassword, async (body, req) => {
    const password = await operators.resetPassword(body.name, req.operator!);
    await audit(ctx.db, 'operator reset-password', body.name, null, null, null);
    return { status: true, msg: `New one-time password for ${body.name}`, one_time_password: password };
  });

  for (const disabled of [true, false])
    route(op, disabled ? OP.disableOperator : OP.enableOperator, async (body, req) => {
      const row = await operators.setDisabled(body.name, disabled, req.operator!);
      await audit(
        ctx.db,
        disabled ? 'operator disable' : 'operator enable',
        row.name,
        null,
        { disabled: row.disabled_at !== null },
        { disabled },
      );
      return { status: true, msg: `${row.name} is now ${disabled ? 'disabled' : 'enabled'}` };
    });

  route(op, OP.operatorTotpOff, async (body, req) => {
    const row = await operators.clearTotp(body.name, req.operator!);
    await audit(ctx.db, 'operator totp-off', row.name, null, { totp: true }, { totp: false });
    return { status: true, msg: `Two-step sign-in is off for ${row.name}: they can set it up again` };
  });

  route(op, OP.setOperatorRole, async (body, req) => {
    const row = await operators.setRole(body.name, body.role, req.operator!);
    await audit(ctx.db, 'operator role', row.name, null, { role: row.role }, { role: body.role });
    return { status: true, msg: `${row.name} is now ${body.role}` };
  });
};
