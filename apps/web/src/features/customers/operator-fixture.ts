import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import type { Permission } from '@pool/contract/accounts';

/** Tests only: the owner's permission on the operator whose customer screens the tests render. */
export const operatorId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
export const operator: Permission = {
  id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e501',
  account_id: operatorId,
  type: 'operator',
  operator_name: 'northhash',
  role: 'owner',
  flags: flagsOf(roleAccessOf('operator', 'owner'), false),
};
